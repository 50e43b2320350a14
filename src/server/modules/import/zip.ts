import { Unzip, UnzipInflate } from 'fflate';
import { ImportFormatError } from './entry.ts';
import type { ImportFile } from './source.ts';

/** A member larger than this is refused (a page copy or a CSV part is far smaller). */
export const ZIP_MEMBER_MAX = 64 * 1024 * 1024;

export type ZipMember = { name: string; bytes: Uint8Array } | { name: string; problem: string };

export const isZip = (head: Uint8Array) =>
  head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;

/**
 * The members of a zip file whose names `want` accepts, streamed: each is inflated as the file
 * arrives and handed out whole (members are one CSV part, one article or one PDF); the others are
 * skipped without inflating.
 */
export async function* zipMembers(
  file: ImportFile,
  want: (name: string) => boolean,
): AsyncGenerator<ZipMember> {
  const ready: ZipMember[] = [];
  let failure: Error | undefined;
  const unzip = new Unzip((member) => {
    if (member.name.endsWith('/') || !want(member.name)) return;
    const parts: Uint8Array[] = [];
    let size = 0;
    let tooLarge = false;
    member.ondata = (err, data, final) => {
      if (err) {
        failure = err;
        return;
      }
      if (!tooLarge) {
        size += data.length;
        if (size > ZIP_MEMBER_MAX) {
          tooLarge = true;
          parts.length = 0;
          ready.push({ name: member.name, problem: 'This file in the zip is too large.' });
        } else parts.push(data);
      }
      if (final && !tooLarge) ready.push({ name: member.name, bytes: Buffer.concat(parts) });
    };
    member.start();
  });
  unzip.register(UnzipInflate);
  let first = true;
  for await (const chunk of file.open()) {
    if (first && !isZip(chunk)) throw new ImportFormatError('This is not a zip file.');
    first = false;
    push(unzip, chunk, false, () => failure);
    while (ready.length) yield ready.shift()!;
  }
  push(unzip, new Uint8Array(0), true, () => failure);
  while (ready.length) yield ready.shift()!;
}

/** Feeds the inflater; a broken archive (thrown or reported by a member) is an ImportFormatError. */
function push(unzip: Unzip, chunk: Uint8Array, final: boolean, failed: () => Error | undefined) {
  try {
    unzip.push(chunk, final);
  } catch (err) {
    throw new ImportFormatError(`This zip file cannot be read: ${(err as Error).message}`);
  }
  const failure = failed();
  if (failure) throw new ImportFormatError(`This zip file cannot be read: ${failure.message}`);
}

/** The names of the members of a zip file (read through once, nothing inflated). */
export async function zipNames(file: ImportFile, limit = 10_000): Promise<string[]> {
  const names: string[] = [];
  for await (const m of zipMembers(file, (name) => {
    if (names.length < limit) names.push(name);
    return false;
  }))
    void m;
  return names;
}
