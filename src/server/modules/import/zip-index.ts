import { Inflate } from 'fflate';
import { ImportFormatError } from './entry.ts';
import type { ImportFile } from './source.ts';

/**
 * A zip read through its central directory, member by member at the offsets it names. A zip written
 * as a stream (fflate's Zip: sizes in data descriptors after each member) cannot be read front to
 * back safely: a reader has to guess where a member ends by looking for the next signature, and in a
 * gigabyte of compressed bytes those four bytes turn up by chance. Here every member's start and
 * compressed size come from the directory, so nothing is guessed.
 */
export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  /** where the member's local header starts */
  offset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** The end record (22 bytes) and the longest comment a zip may carry after it. */
const TAIL = 22 + 0xffff;

async function readRange(file: ImportFile, start: number, end: number): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of file.slice!(start, end)) parts.push(chunk);
  return Buffer.concat(parts);
}

/** The members of the zip in the order its directory lists them (the order they were written). */
export async function zipEntries(file: ImportFile): Promise<ZipEntry[]> {
  if (!file.slice || !file.size) throw new Error('this file cannot be read at offsets');
  const size = await file.size();
  const tailStart = Math.max(0, size - TAIL);
  const tail = await readRange(file, tailStart, size - 1);
  let at = -1;
  for (let i = tail.length - 22; i >= 0; i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw new ImportFormatError('This zip file is incomplete: its directory is missing.');
  const dirSize = tail.readUInt32LE(at + 12);
  const dirOffset = tail.readUInt32LE(at + 16);
  if (dirOffset + dirSize > tailStart + at)
    throw new ImportFormatError('This zip file is incomplete: its directory is missing.');
  const dir = dirSize ? await readRange(file, dirOffset, dirOffset + dirSize - 1) : Buffer.alloc(0);
  const entries: ZipEntry[] = [];
  // walked by the directory's size, not its 16-bit count (a writer without ZIP64 wraps it)
  for (let i = 0; i + 46 <= dir.length; ) {
    if (dir.readUInt32LE(i) !== CENTRAL)
      throw new ImportFormatError('This zip file cannot be read: its directory is damaged.');
    const nameLength = dir.readUInt16LE(i + 28);
    const extraLength = dir.readUInt16LE(i + 30);
    const commentLength = dir.readUInt16LE(i + 32);
    entries.push({
      method: dir.readUInt16LE(i + 10),
      compressedSize: dir.readUInt32LE(i + 20),
      size: dir.readUInt32LE(i + 24),
      name: dir.subarray(i + 46, i + 46 + nameLength).toString('utf8'),
      offset: dir.readUInt32LE(i + 42),
    });
    i += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** A member's content, inflated as it is read (a piece at a time, never whole). */
export async function* memberContent(file: ImportFile, entry: ZipEntry): AsyncGenerator<Uint8Array> {
  if (entry.method !== 0 && entry.method !== 8)
    throw new ImportFormatError(
      `This zip file cannot be read: ${entry.name} is compressed in an unknown way.`,
    );
  const header = await readRange(file, entry.offset, entry.offset + 29);
  if (header.length < 30 || header.readUInt32LE(0) !== LOCAL)
    throw new ImportFormatError(
      `This zip file cannot be read: ${entry.name} is not where its directory says.`,
    );
  const start = entry.offset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (!entry.compressedSize) return;
  const chunks = file.slice!(start, start + entry.compressedSize - 1);
  if (entry.method === 0) {
    yield* chunks;
    return;
  }
  const out: Uint8Array[] = [];
  const inflate = new Inflate((data) => {
    out.push(data);
  });
  try {
    for await (const chunk of chunks) {
      inflate.push(chunk, false);
      while (out.length) yield out.shift()!;
    }
    inflate.push(new Uint8Array(0), true);
  } catch (err) {
    if (err instanceof ImportFormatError) throw err;
    throw new ImportFormatError(`This zip file cannot be read: ${entry.name}: ${(err as Error).message}`);
  }
  while (out.length) yield out.shift()!;
}
