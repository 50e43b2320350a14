import { csvBookmarks } from '../csv.ts';
import { cleanTags, cleanText, type Parsed, parseDate } from '../entry.ts';
import { bytesFile, type ImportFile } from '../source.ts';
import { zipMembers } from '../zip.ts';

const COLUMNS = ['title', 'url', 'time_added', 'tags', 'status'];

/** Pocket's CSV: `title,url,time_added,cursor,tags,status`, tags split by `|`, status unread|archive. */
export function parsePocketCsv(file: ImportFile, part = ''): AsyncGenerator<Parsed> {
  return csvBookmarks(file, { required: COLUMNS, what: 'a Pocket CSV file', problemPrefix: part }, (r) => ({
    title: cleanText(r.title),
    tags: cleanTags((r.tags ?? '').split('|')),
    created: parseDate(r.time_added),
    read: cleanText(r.status).toLowerCase() === 'archive',
  }));
}

/** Pocket's zip of `part_000000.csv`, `part_000001.csv`... (10,000 rows each), in their order. */
export async function* parsePocketZip(file: ImportFile): AsyncGenerator<Parsed> {
  for await (const member of zipMembers(file, (name) => /(^|\/)part_\d+\.csv$/i.test(name))) {
    if ('problem' in member) {
      yield { problem: `${member.name}: ${member.problem}`, at: { entry: 0 } };
      continue;
    }
    yield* parsePocketCsv(bytesFile(member.bytes), `${member.name}: `);
  }
}
