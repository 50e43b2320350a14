import { csvBookmarks, csvRows } from '../csv.ts';
import {
  cleanTags,
  cleanText,
  httpUrl,
  type ImportEntry,
  type ImportHighlight,
  newEntry,
  type Parsed,
  type Place,
  parseDate,
} from '../entry.ts';
import type { ImportFile } from '../source.ts';

/**
 * Readwise Reader's documents CSV: `Title,URL,ID,Document tags,Saved date,Reading progress,Location,
 * Seen`. Rows in `feed` are RSS items never saved, and are left out.
 */
export function parseReadwiseReader(file: ImportFile): AsyncGenerator<Parsed> {
  const required = ['title', 'url', 'document tags', 'saved date', 'location'];
  return csvBookmarks(file, { required, what: 'a Readwise Reader CSV file' }, (r) => {
    const location = cleanText(r.location).toLowerCase();
    if (location === 'feed') return null;
    return {
      title: cleanText(r.title),
      tags: cleanTags(pythonList(r['document tags'] ?? '')),
      created: parseDate(r['saved date']),
      read: location === 'archive' || readingDone(r['reading progress']),
      starred: location === 'shortlist',
    };
  });
}

/** Reading progress as `0`–`1` or `0`–`100`: done when at the end. */
function readingDone(cell: string | undefined): boolean {
  const n = Number(cell);
  if (!Number.isFinite(n) || n <= 0) return false;
  return n <= 1 ? n >= 0.98 : n >= 98;
}

/** `['a', 'b c']`, `[a, b]`, `a, b` or empty: the names. */
export function pythonList(cell: string): string[] {
  const inner = cell.trim().replace(/^\[/, '').replace(/\]$/, '');
  if (!inner) return [];
  const names: string[] = [];
  for (const m of inner.matchAll(/\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|([^,]+))\s*(?:,|$)/g)) {
    const name = (m[1] ?? m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1').trim();
    if (name) names.push(name);
  }
  return names;
}

/**
 * Readwise's highlights CSV: `Highlight,Book Title,Book Author,Amazon Book ID,Note,Color,Tags,
 * Location Type,Location,Highlighted at,Document tags`, a row per highlight. Consecutive rows of one
 * book make one book entry (Kindle-style, highlights by location); a book seen again later is
 * merged by the writer, as Kindle books are, by title.
 */
export async function* parseReadwiseHighlights(file: ImportFile): AsyncGenerator<Parsed> {
  const columns = ['highlight', 'book title'];
  let book: { entry: ImportEntry; at: Place; key: string } | undefined;
  for await (const row of csvRows(file, columns, 'a Readwise highlights CSV file')) {
    if ('problem' in row) {
      yield row;
      continue;
    }
    const r = row.record;
    const quote = cleanText(r.highlight);
    const title = cleanText(r['book title']);
    if (!quote) {
      yield { problem: 'This highlight has no text.', at: row.at };
      continue;
    }
    const key = `${title}\u0000${cleanText(r['book author'])}`;
    if (!book || book.key !== key) {
      if (book) yield { entry: book.entry, at: book.at };
      const url = httpUrl(r.url);
      book = {
        key,
        at: row.at,
        entry: newEntry({
          kind: url ? 'bookmark' : 'book',
          url,
          title: title || 'Untitled',
          author: cleanText(r['book author']),
          tags: cleanTags((r['document tags'] ?? '').split(',')),
        }),
      };
    }
    const highlight: ImportHighlight = {
      quote,
      note: cleanText(r.note) || undefined,
      color: cleanText(r.color).toLowerCase() || undefined,
      created: parseDate(r['highlighted at']),
    };
    const location = cleanText(r.location);
    if (location) highlight.location = `${cleanText(r['location type']) || 'location'} ${location}`;
    const tags = cleanTags((r.tags ?? '').split(','));
    if (tags.length)
      highlight.note = [highlight.note, tags.map((t) => `#${t}`).join(' ')].filter(Boolean).join('\n');
    book.entry.highlights.push(highlight);
  }
  if (book) yield { entry: book.entry, at: book.at };
}
