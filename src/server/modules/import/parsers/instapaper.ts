import { csvRows } from '../csv.ts';
import { cleanTags, cleanText, httpUrl, newEntry, type Parsed, parseDate } from '../entry.ts';
import { bookmarkAt, type ImportFile } from '../source.ts';

/** Instapaper's CSV: `URL,Title,Selection,Folder,Timestamp,Tags`; Tags is a JSON array. */
export async function* parseInstapaper(file: ImportFile): AsyncGenerator<Parsed> {
  for await (const row of csvRows(file, ['url', 'title', 'folder', 'timestamp'], 'an Instapaper CSV file')) {
    if ('problem' in row) {
      yield row;
      continue;
    }
    const r = row.record;
    const url = httpUrl(r.url);
    const folder = cleanText(r.folder);
    const special = folder.toLowerCase();
    yield bookmarkAt(
      row.at,
      newEntry({
        url,
        title: cleanText(r.title) || url || '',
        description: cleanText(r.selection),
        tags: cleanTags(jsonList(r.tags)),
        created: parseDate(r.timestamp),
        read: special === 'archive',
        starred: special === 'starred',
        folder: folder && !['unread', 'archive', 'starred'].includes(special) ? [folder] : [],
      }),
      r.url,
    );
  }
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
