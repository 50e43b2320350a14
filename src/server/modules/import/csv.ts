import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { httpUrl, type ImportEntry, ImportFormatError, newEntry, type Parsed, type Place } from './entry.ts';
import { bookmarkAt, type ImportFile, textChunks } from './source.ts';

export type CsvRow = { record: Record<string, string>; at: Place } | { problem: string; at: Place };

/**
 * The rows of a CSV file with a header line, streamed; a row the CSV reader cannot read is a
 * problem on its line and the rest goes on. The header must name every column in `required`
 * (matched without regard to case or spaces around); records are keyed by the header as written.
 */
export async function* csvRows(file: ImportFile, required: string[], what: string): AsyncGenerator<CsvRow> {
  let header: string[] | undefined;
  const parser = parse({
    bom: true,
    columns: (names: string[]) => {
      header = names.map((n) => n.trim());
      return header;
    },
    info: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
  });
  const skipped: { problem: string; at: Place }[] = [];
  parser.on('skip', (err: Error & { lines?: number }) => {
    skipped.push({ problem: `This line could not be read: ${err.message}`, at: { line: err.lines ?? 0 } });
  });
  Readable.from(textChunks(file))
    .on('error', (err) => parser.destroy(err))
    .pipe(parser);
  let checked = false;
  for await (const row of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { lines: number };
  }>) {
    if (!checked) {
      const have = new Set((header ?? []).map((n) => n.toLowerCase()));
      if (!required.every((c) => have.has(c.toLowerCase())))
        throw new ImportFormatError(`This is not ${what}.`);
      checked = true;
    }
    while (skipped.length) yield skipped.shift()!;
    yield { record: lowerKeys(row.record), at: { line: row.info.lines } };
  }
  while (skipped.length) yield skipped.shift()!;
  if (!checked) {
    const have = new Set((header ?? []).map((n) => n.toLowerCase()));
    if (!required.every((c) => have.has(c.toLowerCase())))
      throw new ImportFormatError(`This is not ${what}.`);
  }
}

/** Columns read by lower-case name, whatever case the exporter wrote. */
function lowerKeys(record: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(record)) out[k.toLowerCase()] = v ?? '';
  return out;
}

/**
 * A CSV of one bookmark a row, its address in the `url` column: each row's entry from `fields` (its
 * title falling back to the address; null leaves the row out), or the row's problem.
 */
export async function* csvBookmarks(
  file: ImportFile,
  format: { required: string[]; what: string; problemPrefix?: string },
  fields: (record: Record<string, string>) => Partial<Omit<ImportEntry, 'url'>> | null,
): AsyncGenerator<Parsed> {
  for await (const row of csvRows(file, format.required, format.what)) {
    if ('problem' in row) {
      yield { problem: (format.problemPrefix ?? '') + row.problem, at: row.at };
      continue;
    }
    const given = fields(row.record);
    if (!given) continue;
    const url = httpUrl(row.record.url);
    yield bookmarkAt(row.at, newEntry({ ...given, url, title: given.title || url || '' }), row.record.url);
  }
}
