import { Parser } from 'htmlparser2';

/**
 * A note's HTML (already kept to the note sanitiser's tags) as Markdown: paragraphs, headings,
 * bold, italics, strike, code, links, pictures, lists (nested), block quotes and rules. A tag it
 * does not know keeps its text.
 */
/** Inline emphasis: the same mark opens and closes it. */
const EMPHASIS: Record<string, string> = {
  strong: '**',
  b: '**',
  em: '*',
  i: '*',
  s: '~~',
  del: '~~',
  strike: '~~',
};

export function noteMarkdown(html: string, rich: boolean): string {
  if (!rich && !/<[a-z][\s\S]*>/i.test(html)) return html.trim();
  const blocks: string[] = [];
  let line = '';
  const lists: { ordered: boolean; n: number }[] = [];
  let quote = 0;
  let pre = false;
  const links: string[] = [];

  const flush = () => {
    const text = pre ? line : line.replace(/[ \t]+/g, ' ').trim();
    if (text) {
      const prefix = '> '.repeat(quote);
      blocks.push(
        text
          .split('\n')
          .map((l) => prefix + l)
          .join('\n'),
      );
    }
    line = '';
  };
  const inline = (s: string) => {
    line += s;
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name in EMPHASIS) return inline(EMPHASIS[name]!);
        switch (name) {
          case 'p':
          case 'div':
            flush();
            break;
          case 'h1':
          case 'h2':
          case 'h3':
          case 'h4':
          case 'h5':
          case 'h6':
            flush();
            inline(`${'#'.repeat(Number(name[1]))} `);
            break;
          case 'br':
            if (pre) inline('\n');
            else flush();
            break;
          case 'code':
            if (!pre) inline('`');
            break;
          case 'pre':
            flush();
            pre = true;
            inline('```\n');
            break;
          case 'a':
            links.push(attrs.href ?? '');
            inline('[');
            break;
          case 'img':
            inline(`![${(attrs.alt ?? '').replace(/[[\]]/g, '')}](${encodeSpaces(attrs.src ?? '')})`);
            break;
          case 'ul':
          case 'ol':
            flush();
            lists.push({ ordered: name === 'ol', n: 0 });
            break;
          case 'li': {
            flush();
            const list = lists[lists.length - 1];
            const indent = '  '.repeat(Math.max(0, lists.length - 1));
            if (list) list.n += 1;
            inline(`${indent}${list?.ordered ? `${list.n}.` : '-'} `);
            break;
          }
          case 'blockquote':
            flush();
            quote += 1;
            break;
          case 'hr':
            flush();
            blocks.push('---');
            break;
        }
      },
      ontext(text) {
        inline(pre ? text : text.replace(/\s+/g, ' '));
      },
      onclosetag(name) {
        if (name in EMPHASIS) return inline(EMPHASIS[name]!);
        switch (name) {
          case 'p':
          case 'div':
          case 'li':
          case 'h1':
          case 'h2':
          case 'h3':
          case 'h4':
          case 'h5':
          case 'h6':
            flush();
            break;
          case 'code':
            if (!pre) inline('`');
            break;
          case 'pre':
            inline('\n```');
            flush();
            pre = false;
            break;
          case 'a':
            inline(`](${encodeSpaces(links.pop() ?? '')})`);
            break;
          case 'ul':
          case 'ol':
            flush();
            lists.pop();
            break;
          case 'blockquote':
            flush();
            quote = Math.max(0, quote - 1);
            break;
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  // list lines stay together; other blocks are paragraphs
  return blocks
    .reduce((acc, b, i) => {
      const listLine = /^\s*(-|\d+\.) /.test(b);
      const prevList = i > 0 && /^\s*(-|\d+\.) /.test(blocks[i - 1]!);
      return acc + (i === 0 ? '' : listLine && prevList ? '\n' : '\n\n') + b;
    }, '')
    .trim();
}

function encodeSpaces(url: string): string {
  return url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
