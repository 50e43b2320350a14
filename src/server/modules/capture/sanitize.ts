import sanitizeHtml from 'sanitize-html';

/**
 * Stored reader HTML of a captured page: article structure, links and pictures only. No script,
 * style, frame, form or event handler survives, links and pictures keep only http(s) addresses
 * (links also mailto). The cached copy is served sandboxed as well; this is the first wall.
 */

function safeUrl(value: string | undefined, protocols: string[]): string | undefined {
  if (!value) return undefined;
  try {
    // The URL parser drops tabs, newlines and leading controls the way browsers do ("java\tscript:").
    const url = new URL(value);
    return protocols.includes(url.protocol) ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'div', 'span', 'section', 'article'],
    ...['header', 'footer', 'aside', 'blockquote', 'pre', 'code', 'kbd', 'samp', 'var'],
    ...['b', 'strong', 'i', 'em', 'u', 's', 'strike', 'del', 'ins', 'mark', 'small', 'sub', 'sup'],
    ...['abbr', 'cite', 'q', 'time', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption'],
    ...['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'details', 'summary'],
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    time: ['datetime'],
    abbr: ['title'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // the text of these is never kept
  nonTextTags: [
    ...['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
    ...['svg', 'math', 'title', 'xmp', 'noembed', 'noframes', 'select', 'button'],
  ],
  transformTags: {
    a: (tagName, attribs) => {
      const href = safeUrl(attribs.href, ['http:', 'https:', 'mailto:']);
      const out: Record<string, string> = {};
      if (href) {
        out.href = href;
        out.rel = 'noopener noreferrer nofollow';
      }
      if (attribs.title) out.title = attribs.title;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => {
      const src = safeUrl(attribs.src, ['http:', 'https:']);
      const out: Record<string, string> = {};
      if (src) out.src = src;
      for (const name of ['alt', 'title', 'width', 'height']) if (attribs[name]) out[name] = attribs[name]!;
      return { tagName, attribs: out };
    },
  },
  // a picture whose address was refused goes entirely
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

export function sanitizeReaderHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

export function isHttpUrl(value: string | null | undefined): value is string {
  return !!value && safeUrl(value, ['http:', 'https:']) !== undefined;
}
