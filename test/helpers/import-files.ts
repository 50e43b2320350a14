import { createReadStream, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { zipSync } from 'fflate';
import type { Parsed } from '../../src/server/modules/import/entry.ts';
import { bytesFile, type ImportFile } from '../../src/server/modules/import/source.ts';

export const IMPORT_FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'import');

/** A fixture read from disk in small chunks, so parsers meet values split across chunks. */
export function fixtureFile(name: string, chunk = 97): ImportFile {
  const file = path.join(IMPORT_FIXTURES, name);
  return { open: () => createReadStream(file, { highWaterMark: chunk }) };
}

/** A fixture folder zipped as the product's export zip holds it. */
export function zippedFixture(folder: string): Uint8Array {
  const root = path.join(IMPORT_FIXTURES, folder);
  const files: Record<string, Uint8Array> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else files[path.relative(root, full).split(path.sep).join('/')] = readFileSync(full);
    }
  };
  walk(root);
  return zipSync(files);
}

export const zipFile = (folder: string) => bytesFile(zippedFixture(folder), 1000);

/** Everything a parser yields, entries and problems apart. */
export async function parseAll(parse: (file: ImportFile) => AsyncGenerator<Parsed>, file: ImportFile) {
  const entries = [];
  const problems = [];
  for await (const p of parse(file)) {
    if ('entry' in p) entries.push(p.entry);
    else problems.push(p);
  }
  return { entries, problems };
}
