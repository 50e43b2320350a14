import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';
import type { LibraryFormat } from './format.ts';
import type { LibraryItem, LibraryReader } from './library.ts';
import { put } from './out.ts';

/** Readwise's CSV import columns (readwise.io/import_bulk; docs/library-export.md). */
export const READWISE_COLUMNS = ['Highlight', 'Title', 'Author', 'URL', 'Note', 'Location', 'Date'] as const;

/** Float notes (shape 2) are notes on the page, not highlights: Readwise has no place for them. */
const FLOAT_NOTE = 2;

/** Where the highlight is, as Readwise reads Location: a Kindle location, else a PDF page. */
function locationOf(a: AnnotationReply): string {
  for (const part of a.selector ?? []) {
    if (part.type === 'KindleLocationSelector') return part.location.split('-')[0]!.trim();
    if (part.type === 'PageSelector') return String(part.page);
  }
  return '';
}

/** Readwise reads 'YYYY-MM-DD HH:MM:SS' (UTC). */
function readwiseDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

export function highlightRows(item: LibraryItem): string[][] {
  const r = item.reply;
  return r.annotations
    .filter((a) => a.shape !== FLOAT_NOTE && a.content.trim() !== '')
    .map((a) => [
      a.content,
      r.title || r.url || 'Untitled',
      r.type_name === 'kindle' ? r.description : '',
      /^https?:\/\//i.test(r.url) ? r.url : '',
      a.stickyNotes
        .map((s) => s.content)
        .filter((c) => c.trim() !== '')
        .join('\n\n'),
      locationOf(a),
      readwiseDate(a.created_at),
    ]);
}

/** Every highlight with its sticky notes, one row each, in the columns Readwise's CSV import takes. */
export function readwiseFormat(reader: LibraryReader): LibraryFormat {
  return {
    name: 'readwise',
    extension: 'csv',
    contentType: 'text/csv; charset=utf-8',
    async write(userId: number, out: Writable) {
      await put(out, stringify([[...READWISE_COLUMNS]]));
      for await (const item of reader.items(userId)) {
        const rows = highlightRows(item);
        if (rows.length) await put(out, stringify(rows));
      }
    },
  };
}
