import { JSONParser } from '@streamparser/json';
import { ImportFormatError } from '../entry.ts';
import type { ImportFile } from '../source.ts';
import { memberContent, zipEntries } from '../zip-index.ts';

/** The member of a Folio backup that holds the library's records (docs/backup-format.md). */
export const FOLIO_BACKUP_JSON = 'folio-backup.json';
/** The first member of a Folio backup, `mimetype`, holds this (stored, so detect.ts reads it in the file's first bytes). */
export const FOLIO_BACKUP_MIMETYPE = 'application/vnd.folio.backup+zip';

/**
 * What a Folio backup gives, in the order the restore needs it: the pieces of each stored file
 * (`files/...`, streamed: a 100 MB PDF is never held whole), then the records of
 * `folio-backup.json` one at a time (its head fields, each item, each outliner). What the records
 * mean is modules/backup's.
 */
export type FolioPart =
  | { kind: 'file'; member: string; data: Uint8Array; final: boolean }
  | { kind: 'field'; name: string; value: unknown }
  | { kind: 'item'; value: unknown }
  | { kind: 'outliner'; value: unknown };

const FIELDS = ['format', 'version', 'exported_at', 'account', 'groups', 'counts'];
const PATHS = [...FIELDS.map((f) => `$.${f}`), '$.items.*', '$.outliners.*'];

/**
 * Reads a Folio backup through the zip's directory (zip-index.ts): the files (only when `files`),
 * each inflated as it is read, then `folio-backup.json` parsed as it inflates, each record handed
 * out and dropped. `annotations.jsonld` (the same annotations, for other tools) is not read.
 */
export async function* parseFolio(file: ImportFile, opts: { files: boolean }): AsyncGenerator<FolioPart> {
  const entries = await zipEntries(file);
  const json = entries.find((e) => e.name === FOLIO_BACKUP_JSON);
  if (!json) throw new ImportFormatError(`This zip holds no ${FOLIO_BACKUP_JSON}: it is not a Folio backup.`);
  if (opts.files) {
    for (const entry of entries) {
      if (!entry.name.startsWith('files/') || entry.name.endsWith('/')) continue;
      let last: Uint8Array | undefined;
      for await (const data of memberContent(file, entry)) {
        if (last) yield { kind: 'file', member: entry.name, data: last, final: false };
        last = data;
      }
      yield { kind: 'file', member: entry.name, data: last ?? new Uint8Array(0), final: true };
    }
  }
  yield* records(memberContent(file, json));
}

async function* records(content: AsyncIterable<Uint8Array>): AsyncGenerator<FolioPart> {
  const ready: FolioPart[] = [];
  const parser = new JSONParser({ paths: PATHS, keepStack: false });
  parser.onValue = ({ value, key, parent, stack }) => {
    const top = stack.length === 1 ? (key as string) : (stack[1]?.key as string);
    if (top === 'items') ready.push({ kind: 'item', value });
    else if (top === 'outliners') ready.push({ kind: 'outliner', value });
    else ready.push({ kind: 'field', name: top, value });
    // the parser keeps a handed-out value inside its parent until the parent ends: drop it now
    if (Array.isArray(parent)) parent.pop();
    else if (parent && key !== undefined) delete (parent as Record<string, unknown>)[key as string];
  };
  try {
    for await (const chunk of content) {
      if (parser.isEnded) break;
      parser.write(chunk);
      while (ready.length) yield ready.shift()!;
    }
  } catch (err) {
    if (err instanceof ImportFormatError) throw err;
    throw new ImportFormatError(
      `The ${FOLIO_BACKUP_JSON} of this backup cannot be read: ${(err as Error).message}`,
    );
  }
  while (ready.length) yield ready.shift()!;
  if (!parser.isEnded) throw new ImportFormatError(`The ${FOLIO_BACKUP_JSON} of this backup is cut short.`);
}
