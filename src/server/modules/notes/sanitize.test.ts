import { describe, expect, it } from 'vitest';
import { sanitizeNoteHtml } from './sanitize.ts';

/** Classic XSS vectors (OWASP filter-evasion cheat sheet and friends). */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<img src=" &#14;  javascript:alert(1);">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<body onload=alert(1)>',
  '<div onmouseover="alert(1)">hover</div>',
  '<p onclick=alert(1)>click</p>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<a href="//evil.example/">protocol relative</a>',
  '<img src="//evil.example/x.png">',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<img src="/api/files/notes/1/../../etc/passwd.png">',
  '<a href="mailto:x@example.com" onclick="alert(1)">mail</a>',
  '<template><script>alert(1)</script></template>',
  '<video><source onerror="alert(1)"></video>',
];

const DANGEROUS = [
  /<\s*script/i,
  /<\s*(iframe|object|embed|svg|math|style|form|input|meta|base|link|template|video|source|body)/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /vbscript:/i,
  /data:/i,
  /\sstyle\s*=/i,
  /(src|href)="\/\//i,
  /\.\./,
];

describe('sanitizeNoteHtml', () => {
  it('has a payload list of at least 20', () => {
    expect(PAYLOADS.length).toBeGreaterThanOrEqual(20);
  });

  it.each(PAYLOADS)('nothing dangerous survives %s', (payload) => {
    const out = sanitizeNoteHtml(payload);
    for (const re of DANGEROUS) expect(out, `${re} in ${out}`).not.toMatch(re);
    // sanitising again changes nothing: the output is a fixed point
    expect(sanitizeNoteHtml(out)).toBe(out);
  });

  it('keeps the formatting the editor makes', () => {
    const html =
      '<h1>T</h1><h2>S</h2><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <code>c</code></p>' +
      '<ul><li><p>one</p></li></ul><ol start="3"><li><p>two</p></li></ol><blockquote><p>q</p></blockquote>' +
      '<pre><code class="language-js">x &lt; 1</code></pre><hr /><p>a<br />b</p>';
    expect(sanitizeNoteHtml(html)).toBe(html);
  });

  it('keeps safe links (opening in a new tab) and pictures from http(s) or our own files', () => {
    expect(sanitizeNoteHtml('<a href="https://example.com/a?b=1&amp;c=2">x</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(sanitizeNoteHtml('<a href="mailto:a@example.com">m</a>')).toContain('href="mailto:a@example.com"');
    expect(sanitizeNoteHtml('<img src="/api/files/notes/7/AbC_-1.png" alt="p">')).toBe(
      '<img src="/api/files/notes/7/AbC_-1.png" alt="p" />',
    );
    expect(sanitizeNoteHtml('<img src="https://cdn.example.com/p.jpg">')).toBe(
      '<img src="https://cdn.example.com/p.jpg" />',
    );
  });

  it('drops a refused link target but keeps its text; drops a refused picture entirely', () => {
    expect(sanitizeNoteHtml('<p><a href="javascript:alert(1)">keep me</a></p>')).toBe(
      '<p><a>keep me</a></p>',
    );
    expect(sanitizeNoteHtml('<p>x<img src="data:image/png;base64,AA"></p>')).toBe('<p>x</p>');
  });

  it('an empty note is an empty paragraph', () => {
    expect(sanitizeNoteHtml('')).toBe('<p></p>');
    expect(sanitizeNoteHtml('<script>x</script>')).toBe('<p></p>');
  });
});
