import { csvBookmarks } from '../csv.ts';
import { cleanTags, cleanText, type Parsed, parseDate } from '../entry.ts';
import type { ImportFile } from '../source.ts';

/** Instapaper's CSV: `URL,Title,Selection,Folder,Timestamp,Tags`; Tags is a JSON array. */
export function parseInstapaper(file: ImportFile): AsyncGenerator<Parsed> {
  const format = { required: ['url', 'title', 'folder', 'timestamp'], what: 'an Instapaper CSV file' };
  return csvBookmarks(file, format, (r) => {
    const folder = cleanText(r.folder);
    const special = folder.toLowerCase();
    return {
      title: cleanText(r.title),
      description: cleanText(r.selection),
      tags: cleanTags(jsonList(r.tags)),
      created: parseDate(r.timestamp),
      read: special === 'archive',
      starred: special === 'starred',
      folder: folder && !['unread', 'archive', 'starred'].includes(special) ? [folder] : [],
    };
  });
}

/** A JSON array of names, or a comma list when it is not JSON. */
export function jsonList(text: string | undefined): string[] {
  const value = (text ?? '').trim();
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed.map(String);
  } catch {
    // not JSON: a plain list
  }
  return value.replace(/^\[|\]$/g, '').split(',');
}
