import { Parser } from 'htmlparser2';
import { OUTLINER_ENTRIES_MAX, OUTLINER_MSG, OUTLINER_TITLE_MAX } from '../../../shared/schemas/outliners.ts';
import { ValidationError } from '../../platform/errors.ts';

/** One outline element of an OPML file, as an import makes an entry of it. */
export interface OpmlNode {
  text: string;
  note: string;
  children: OpmlNode[];
}

export interface OpmlOutline {
  title: string;
  nodes: OpmlNode[];
  count: number;
}

/** Deeper outlines are flattened into their deepest allowed parent rather than refused. */
const MAX_DEPTH = 100;
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const clean = (s: string) => s.replace(CONTROL, '');

/**
 * Reads an OPML outline (the streaming parser never fetches or expands external entities). Each
 * `<outline>` under `<body>` becomes a node: its `text` (a link's `url` added when the text does
 * not hold it) and its `_note`. Not OPML, or no outline at all: 400.
 */
export function parseOpml(source: string): OpmlOutline {
  const roots: OpmlNode[] = [];
  const stack: OpmlNode[] = [];
  let sawOpml = false;
  let inBody = false;
  let inTitle = false;
  let depthPastMax = 0;
  let title = '';
  let count = 0;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const tag = name.toLowerCase();
        if (tag === 'opml') sawOpml = true;
        else if (tag === 'title' && !inBody) inTitle = true;
        else if (tag === 'body') inBody = true;
        else if (tag === 'outline' && inBody) {
          if (stack.length >= MAX_DEPTH) {
            depthPastMax += 1;
            return;
          }
          count += 1;
          if (count > OUTLINER_ENTRIES_MAX) throw new ValidationError(OUTLINER_MSG.tooManyEntries, 'file');
          let text = clean(attrs.text ?? attrs.title ?? '');
          const url = clean(attrs.url ?? attrs.htmlUrl ?? attrs.xmlUrl ?? '');
          if (url && !text.includes(url)) text = text ? `${text} ${url}` : url;
          const node: OpmlNode = {
            text: text.slice(0, 10_000),
            note: clean(attrs._note ?? '').slice(0, 10_000),
            children: [],
          };
          (stack.length ? stack[stack.length - 1]!.children : roots).push(node);
          stack.push(node);
        }
      },
      ontext(data) {
        if (inTitle) title += data;
      },
      onclosetag(name) {
        const tag = name.toLowerCase();
        if (tag === 'title') inTitle = false;
        else if (tag === 'body') inBody = false;
        else if (tag === 'outline' && inBody) {
          if (depthPastMax > 0) depthPastMax -= 1;
          else stack.pop();
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(source);
  parser.end();
  if (!sawOpml || count === 0) throw new ValidationError(OUTLINER_MSG.opmlInvalid, 'file');
  return { title: clean(title).trim().slice(0, OUTLINER_TITLE_MAX), nodes: roots, count };
}
