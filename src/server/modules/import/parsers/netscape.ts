import { Parser } from 'htmlparser2';
import {
  cleanFolder,
  cleanTags,
  cleanText,
  httpUrl,
  type ImportEntry,
  isTruthy,
  newEntry,
  type Parsed,
  parseDate,
} from '../entry.ts';
import { bookmarkAt, type ImportFile, notA, textChunks } from '../source.ts';

/** Pocket's HTML puts what was read under this heading. */
const READ_HEADING = /^read archive$/i;

/**
 * A Netscape bookmarks file (every browser; Pocket, Pinboard, Raindrop, Karakeep, Linkwarden and
 * Diigo HTML): `<DT><H3>` folders over nested `<DL>`, `<DT><A HREF ADD_DATE TAGS PRIVATE TOREAD>`
 * links with an optional `<DD>` description. Streamed; one line or many makes no difference.
 */
export async function* parseNetscape(file: ImportFile): AsyncGenerator<Parsed> {
  const out: Parsed[] = [];
  const folders: string[] = [];
  /** per open <DL>: whether it opened a folder (a <DL> after an <H3>) */
  const lists: boolean[] = [];
  let heading: { tag: string; text: string } | undefined;
  let pendingFolder: string | undefined;
  let link: { entry: ImportEntry; raw: string; text: string } | undefined;
  let inAnchor = false;
  let description: { text: string } | undefined;
  let inRead = false;
  let count = 0;

  const flush = () => {
    if (!link) return;
    link.entry.title = cleanText(link.text) || link.entry.url || '';
    if (description) link.entry.description = cleanText(description.text);
    out.push(bookmarkAt({ entry: count }, link.entry, link.raw));
    link = undefined;
    description = undefined;
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'dt' || name === 'li') flush();
        if (name === 'h1' || name === 'h3') {
          flush();
          heading = { tag: name, text: '' };
        } else if (name === 'dl' || name === 'ul') {
          flush();
          lists.push(pendingFolder !== undefined);
          if (pendingFolder !== undefined) folders.push(pendingFolder);
          pendingFolder = undefined;
        } else if (name === 'a' && attrs.href !== undefined) {
          flush();
          inAnchor = true;
          count += 1;
          const tags = cleanTags((attrs.tags ?? '').split(','));
          link = {
            raw: attrs.href,
            text: '',
            entry: newEntry({
              url: httpUrl(attrs.href),
              tags,
              folder: cleanFolder(folders),
              created: parseDate(attrs.add_date ?? attrs.time_added),
              private: attrs.private === undefined ? undefined : isTruthy(attrs.private),
              read: attrs.toread !== undefined ? !isTruthy(attrs.toread) : inRead || undefined,
              starred: attrs['data-important'] !== undefined ? isTruthy(attrs['data-important']) : undefined,
            }),
          };
        } else if (name === 'dd' && link) {
          description = { text: '' };
        }
      },
      ontext(text) {
        if (heading) heading.text += text;
        else if (description) description.text += text;
        else if (link && inAnchor) link.text += text;
      },
      onclosetag(name) {
        if (heading && name === heading.tag) {
          const text = cleanText(heading.text);
          if (heading.tag === 'h3') pendingFolder = text;
          else inRead = READ_HEADING.test(text);
          heading = undefined;
        } else if (name === 'a') {
          inAnchor = false;
        } else if (name === 'dl' || name === 'ul') {
          flush();
          if (lists.pop()) folders.pop();
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  // the start is checked once enough of it is in (a chunk may be a few bytes)
  let start = '';
  let checked = false;
  const check = () => {
    if (!/<!doctype netscape-bookmark-file|<dl|<dt|<a\s/i.test(start)) throw notA('a bookmarks HTML file');
    checked = true;
  };
  for await (const text of textChunks(file)) {
    if (!checked) {
      start += text;
      if (start.length < 4096) continue;
      check();
      parser.write(start);
    } else parser.write(text);
    yield* out.splice(0);
  }
  if (!checked) {
    check();
    parser.write(start);
  }
  parser.end();
  flush();
  yield* out.splice(0);
}
