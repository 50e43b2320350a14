import { csvRows } from '../csv.ts';
import { cleanTags, cleanText, httpUrl, newEntry, type Parsed, parseDate } from '../entry.ts';
import { bookmarkAt, bytesFile, type ImportFile } from '../source.ts';
import { zipMembers } from '../zip.ts';

const COLUMNS = ['title', 'url', 'time_added', 'tags', 'status'];

/** Pocket's CSV: `title,url,time_added,cursor,tags,status`, tags split by `|`, status unread|archive. */
export async function* parsePocketCsv(file: ImportFile, part = ''): AsyncGenerator<Parsed> {
  for await (const row of csvRows(file, COLUMNS, 'a Pocket CSV file')) {
    if ('problem' in row) {
      yield { problem: part + row.problem, at: row.at };
      continue;
    }
    const r = row.record;
    const url = httpUrl(r.url);
    yield bookmarkAt(
      row.at,
      newEntry({
        url,
        title: cleanText(r.title) || url || '',
        tags: cleanTags((r.tags ?? '').split('|')),
        created: parseDate(r.time_added),
        read: cleanText(r.status).toLowerCase() === 'archive',
      }),
      r.url,
    );
  }
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
