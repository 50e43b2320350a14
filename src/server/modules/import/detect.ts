import type { ImportFormat } from './formats.ts';
import { FOLIO_BACKUP_JSON, FOLIO_BACKUP_MIMETYPE } from './parsers/folio.ts';
import { head, type ImportFile } from './source.ts';
import { isZip, zipNames } from './zip.ts';

/** The format of a file, from its content (its first 64 KB, or a zip's member names); undefined when unknown. */
export async function detectFormat(file: ImportFile): Promise<ImportFormat | undefined> {
  const bytes = await head(file);
  if (isZip(bytes)) return isFolioBackup(bytes) ? 'folio' : zipFormat(await zipNames(file));
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
  const start = text.trimStart();
  if (/^<!doctype netscape-bookmark-file/i.test(start)) return 'netscape';
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<opml[\s>]/i.test(start)) return 'opml';
  if (/^</.test(start)) return /<dt>\s*<a\s|<li>\s*<a\s[^>]*href/i.test(text) ? 'netscape' : undefined;
  if (/^\{/.test(start)) return jsonObjectFormat(start);
  if (/^\[/.test(start)) return jsonArrayFormat(start);
  if (/^={10}\s*$/m.test(text) && /\r?\n={10}\r?\n/.test(`\n${text}`)) return 'kindle';
  return csvFormat(firstLine(start));
}

/**
 * A Folio backup names itself in its first member, `mimetype` (as EPUB does), stored uncompressed:
 * its folio-backup.json comes after the files, past what zipNames reads of a large backup.
 */
function isFolioBackup(head: Uint8Array): boolean {
  const view = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (view.length < 30) return false;
  const nameLength = view.readUInt16LE(26);
  const name = view.subarray(30, 30 + nameLength).toString('latin1');
  return name === 'mimetype' && view.subarray(0, 200).includes(FOLIO_BACKUP_MIMETYPE);
}

function zipFormat(names: string[]): ImportFormat | undefined {
  if (names.includes(FOLIO_BACKUP_JSON)) return 'folio';
  if (names.some((n) => /(^|\/)part_\d+\.csv$/i.test(n))) return 'pocket_zip';
  if (names.some((n) => /(^|\/)metadata_[^/]*\.json$/i.test(n))) return 'omnivore';
  if (names.some((n) => n.toLowerCase().endsWith('.csv'))) return 'diigo_zip';
  return undefined;
}

/** Which object-shaped export: by the keys only it has near its start. */
function jsonObjectFormat(text: string): ImportFormat | undefined {
  if (/"export_userid"|"annotations"\s*:\s*\[\s*\{[\s\S]*?"target"/.test(text)) return 'hypothesis';
  if (/"bookmarks"\s*:\s*\[/.test(text)) return 'karakeep';
  if (/"collections"\s*:\s*\[/.test(text) || /"pinnedLinks"/.test(text)) return 'linkwarden';
  return undefined;
}

function jsonArrayFormat(text: string): ImportFormat | undefined {
  if (/"href"\s*:/.test(text) && /"(toread|shared|extended)"\s*:/.test(text)) return 'pinboard';
  if (/"(is_archived|is_starred|given_url|reading_time)"\s*:/.test(text)) return 'wallabag';
  return undefined;
}

const firstLine = (text: string) => (text.split(/\r?\n/, 1)[0] ?? '').toLowerCase();
const has = (header: string, ...columns: string[]) => {
  const names = new Set(header.split(',').map((c) => c.trim().replace(/^"|"$/g, '')));
  return columns.every((c) => names.has(c));
};

function csvFormat(header: string): ImportFormat | undefined {
  if (has(header, 'title', 'url', 'time_added', 'status')) return 'pocket_csv';
  if (has(header, 'url', 'folder', 'highlights', 'favorite') || has(header, 'url', 'folder', 'excerpt'))
    return 'raindrop';
  if (has(header, 'url', 'title', 'selection', 'folder')) return 'instapaper';
  if (has(header, 'title', 'url', 'document tags', 'location')) return 'readwise_reader';
  if (has(header, 'highlight', 'book title')) return 'readwise_highlights';
  if (has(header, 'title', 'url', 'tags', 'annotations')) return 'diigo_csv';
  return undefined;
}
