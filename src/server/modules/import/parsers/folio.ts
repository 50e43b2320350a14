import { JSONParser } from '@streamparser/json';
import { Unzip, UnzipInflate } from 'fflate';
import { ImportFormatError } from '../entry.ts';
import type { ImportFile } from '../source.ts';
import { isZip } from '../zip.ts';

/** The member of a Folio backup that holds the library's records (docs/backup-format.md). */
export const FOLIO_BACKUP_JSON = 'folio-backup.json';
/** The first member of a Folio backup, `mimetype`, holds this (stored, so detect.ts reads it in the file's first bytes). */
export const FOLIO_BACKUP_MIMETYPE = 'application/vnd.folio.backup+zip';

/**
 * What a Folio backup's zip gives, in the order it comes: a piece of a stored file (`files/...`,
 * streamed: a 100 MB PDF is never held whole), then the records of `folio-backup.json` one at a
 * time (its head fields, each item, each outliner). What the records mean is modules/backup's.
 */
export type FolioPart =
  | { kind: 'file'; member: string; data: Uint8Array; final: boolean }
  | { kind: 'field'; name: string; value: unknown }
  | { kind: 'item'; value: unknown }
  | { kind: 'outliner'; value: unknown };

const FIELDS = ['format', 'version', 'exported_at', 'account', 'groups', 'counts'];
const PATHS = [...FIELDS.map((f) => `$.${f}`), '$.items.*', '$.outliners.*'];

/**
 * Reads a Folio backup as a stream: the zip is inflated as it arrives, the files handed out a piece
 * at a time (only when `files`), `folio-backup.json` parsed as it inflates, each record handed out
 * and dropped. Other members (`annotations.jsonld`: the same annotations, for other tools) are
 * skipped without inflating.
 */
export async function* parseFolio(file: ImportFile, opts: { files: boolean }): AsyncGenerator<FolioPart> {
  const ready: FolioPart[] = [];
  let failure: Error | undefined;
  let sawJson = false;
  const json = new JSONParser({ paths: PATHS, keepStack: false });
  json.onValue = ({ value, key, parent, stack }) => {
    const top = stack.length === 1 ? (key as string) : (stack[1]?.key as string);
    if (top === 'items') ready.push({ kind: 'item', value });
    else if (top === 'outliners') ready.push({ kind: 'outliner', value });
    else ready.push({ kind: 'field', name: top, value });
    // the parser keeps a handed-out value inside its parent until the parent ends: drop it now
    if (Array.isArray(parent)) parent.pop();
    else if (parent && key !== undefined) delete (parent as Record<string, unknown>)[key as string];
  };
  const unzip = new Unzip((member) => {
    if (member.name === FOLIO_BACKUP_JSON) {
      sawJson = true;
      member.ondata = (err, data, final) => {
        if (err) failure = err;
        else if (data.length || !final) json.write(data);
        void final;
      };
      member.start();
    } else if (opts.files && member.name.startsWith('files/') && !member.name.endsWith('/')) {
      member.ondata = (err, data, final) => {
        if (err) failure = err;
        else ready.push({ kind: 'file', member: member.name, data, final });
      };
      member.start();
    }
  });
  unzip.register(UnzipInflate);
  const feed = (chunk: Uint8Array, final: boolean) => {
    try {
      unzip.push(chunk, final);
    } catch (err) {
      if (err instanceof ImportFormatError) throw err;
      throw new ImportFormatError(`This Folio backup cannot be read: ${(err as Error).message}`);
    }
    if (failure) throw new ImportFormatError(`This Folio backup cannot be read: ${failure.message}`);
  };
  let first = true;
  for await (const chunk of file.open()) {
    if (first && !isZip(chunk)) throw new ImportFormatError('This is not a zip file.');
    first = false;
    feed(chunk, false);
    while (ready.length) yield ready.shift()!;
  }
  feed(new Uint8Array(0), true);
  while (ready.length) yield ready.shift()!;
  if (!sawJson)
    throw new ImportFormatError(`This zip holds no ${FOLIO_BACKUP_JSON}: it is not a Folio backup.`);
  if (!json.isEnded) throw new ImportFormatError(`The ${FOLIO_BACKUP_JSON} of this backup is cut short.`);
}
