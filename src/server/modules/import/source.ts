import { type ImportEntry, ImportFormatError, type Parsed, type Place } from './entry.ts';

/**
 * The uploaded file, readable as many times as a parser needs (a format whose names come after
 * what uses them is read twice rather than held in memory).
 */
export interface ImportFile {
  open(): AsyncIterable<Uint8Array>;
  /** the file's size in bytes (a zip read through its directory needs it) */
  size?(): Promise<number>;
  /** the bytes from `start` to `end` (inclusive), as a stream */
  slice?(start: number, end: number): AsyncIterable<Uint8Array>;
}

/** A file held in memory (tests, zip members). */
export function bytesFile(bytes: Uint8Array | string, chunkSize = 64 * 1024): ImportFile {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  return {
    async *open() {
      for (let i = 0; i < data.length; i += chunkSize) yield data.subarray(i, i + chunkSize);
    },
    size: async () => data.length,
    async *slice(start, end) {
      const last = Math.min(end + 1, data.length);
      for (let i = start; i < last; i += chunkSize) yield data.subarray(i, Math.min(i + chunkSize, last));
    },
  };
}

/** The file's text, chunk by chunk, decoded as UTF-8 (a byte-order mark dropped). */
export async function* textChunks(file: ImportFile): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  for await (const chunk of file.open()) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** The first bytes of the file, for recognising its format. */
export async function head(file: ImportFile, bytes = 64 * 1024): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of file.open()) {
    parts.push(chunk);
    size += chunk.length;
    if (size >= bytes) break;
  }
  return Buffer.concat(parts).subarray(0, bytes);
}

/** A parser's entry, or the problem of an entry without a usable web address. */
export function bookmarkAt(at: Place, entry: ImportEntry, rawUrl: unknown): Parsed {
  if (entry.kind === 'bookmark' && !entry.url) {
    const shown = String(rawUrl ?? '').trim();
    return {
      problem: shown ? `Not a web address: ${shown.slice(0, 200)}` : 'This entry has no web address.',
      at,
    };
  }
  return { entry, at };
}

export const notA = (what: string) => new ImportFormatError(`This is not ${what}.`);
