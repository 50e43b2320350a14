/**
 * Reads a Kindle 'My Clippings.txt' file. Each clipping is four parts ended by a line of ten '=':
 *
 *   Book Title (Author Name)
 *   - Your Highlight on page 12 | Location 170-172 | Added on Monday, March 4, 2019 10:12:38 PM
 *   (blank line)
 *   the highlighted text, possibly over several lines
 *   ==========
 *
 * Older devices write '- Highlight Loc. 170-72 | Added on ...'; PDFs have a page and no location.
 * Devices also put a byte-order mark before titles and use Windows line endings. Bookmarks carry no
 * text and clippings without text are left out.
 */
export type KindleClippingKind = 'highlight' | 'note';

export interface KindleClipping {
  kind: KindleClippingKind;
  /** '170-172', '172' or '' (a PDF clipping with a page only) */
  location: string;
  page?: string;
  /** the 'Added on' text as the device wrote it */
  added?: string;
  text: string;
}

export interface KindleBook {
  title: string;
  author: string;
  clippings: KindleClipping[];
}

export interface KindleClippings {
  /** books in the order they first appear, with their highlights and notes in file order */
  books: KindleBook[];
  /** clippings recognised in the file, skipped ones included */
  found: number;
  /** bookmarks and clippings without text */
  skipped: number;
}

const SEPARATOR = /^={10}\s*$/m;
const KIND = /\b(highlight|note|bookmark|clip)\b/i;
const LOCATION = /\b(?:location|loc\.)\s*([0-9]+(?:-[0-9]+)?)/i;
const PAGE = /\bpage\s+([0-9ivxlcdm]+(?:-[0-9ivxlcdm]+)?)/i;
const ADDED = /\badded on\s+(.+?)\s*$/i;

export function parseKindleClippings(input: string): KindleClippings {
  const text = input.replace(/\uFEFF/g, '').replace(/\r\n?/g, '\n');
  const books = new Map<string, KindleBook>();
  let found = 0;
  let skipped = 0;
  for (const chunk of text.split(SEPARATOR)) {
    const lines = chunk.split('\n');
    while (lines.length > 0 && lines[0]!.trim() === '') lines.shift();
    if (lines.length < 2) continue;
    const header = lines[0]!.trim();
    const meta = lines[1]!.trim();
    if (!meta.startsWith('-') || !meta.includes('|')) continue;
    const kindWord = KIND.exec(meta)?.[1]?.toLowerCase();
    if (!kindWord) continue;
    found += 1;
    const body = lines.slice(2).join('\n').trim();
    if (kindWord === 'bookmark' || body === '') {
      skipped += 1;
      continue;
    }
    const { title, author } = splitTitle(header);
    const key = `${title}\u0000${author}`;
    let book = books.get(key);
    if (!book) {
      book = { title, author, clippings: [] };
      books.set(key, book);
    }
    book.clippings.push({
      kind: kindWord === 'note' ? 'note' : 'highlight',
      location: LOCATION.exec(meta)?.[1] ?? '',
      ...optional('page', PAGE.exec(meta)?.[1]),
      ...optional('added', ADDED.exec(meta)?.[1]),
      text: body,
    });
  }
  return { books: [...books.values()], found, skipped };
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}

/** 'Title (Author)': the author is the last bracketed part; titles may hold brackets of their own. */
export function splitTitle(header: string): { title: string; author: string } {
  const match = /^(.*\S)\s*\(([^()]*)\)$/.exec(header);
  if (!match) return { title: header, author: '' };
  return { title: match[1]!.trim(), author: match[2]!.trim() };
}

/** The last location a clipping covers ('170-172' ends at 172); a note is written there. */
export function locationEnd(location: string): string {
  const [start, end] = location.split('-');
  if (!end) return start ?? '';
  // older devices shorten the end: 'Loc. 1170-72' is 1170 to 1172
  return end.length < (start ?? '').length ? start!.slice(0, start!.length - end.length) + end : end;
}
