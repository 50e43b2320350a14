import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { BlobStore } from './blob-store.ts';
import { AppError, ValidationError } from './errors.ts';

/**
 * The one way a file comes in: the first file part of a multipart request (in one of the named
 * fields), its type decided from its first bytes, its size capped while it streams. Uploads, note
 * pictures and the Kindle import read through here; each keeps only its fields, sniffer and texts.
 */

/** Enough leading bytes to tell every accepted type apart. */
export const HEAD_BYTES = 12;

export const MALFORMED_MESSAGE = 'The upload is not a valid multipart form.';

export interface FileKind {
  ext: string;
  mime: string;
}

export interface IntakeOptions<T extends FileKind> {
  /** the part names a file may come in; other file parts are read and dropped */
  fileFields: readonly string[];
  /** the field an error names */
  field: string;
  maxBytes: number;
  /** the type by the file's first bytes, never by its name; null refuses the file */
  sniff(head: Buffer): T | null;
  messages: { missing: string; wrongType: string; tooLarge: string };
  /**
   * Called once the type is known and before the body is read: throws to refuse the file (wrong
   * type for the call, quota reached) so a refused file is never stored. Fields sent before the
   * file are known by then.
   */
  accept?(type: T | null, fields: Record<string, string>): Promise<void>;
}

/** A file part once its type is known: its body streams through the size cap. */
export interface IncomingFile<T extends FileKind> {
  type: T;
  /** the name the browser sent with the file part */
  partName: string;
  body: Readable;
  /** filled in as the body is read */
  readonly size: number;
  readonly sha256: () => string;
}

export interface StoredFile<T extends FileKind> {
  key: string;
  type: T;
  size: number;
  sha256: string;
  partName: string;
}

/**
 * Reads the multipart request: fields (the first value of each), and the first file handed to
 * `consume` once its type is accepted. Malformed multipart (no boundary, a cut-off body) is a 400.
 * `discard` undoes what `consume` made when the request fails after it.
 */
export async function readUpload<T extends FileKind, R>(
  request: FastifyRequest,
  opts: IntakeOptions<T>,
  consume: (file: IncomingFile<T>) => Promise<R>,
  discard: (made: R) => Promise<void> = async () => {},
): Promise<{ fields: Record<string, string>; file: R | null }> {
  const fields: Record<string, string> = {};
  let made: { value: R } | null = null;
  try {
    const parts = request.parts()[Symbol.asyncIterator]();
    for (;;) {
      const next = await fromRequest(() => parts.next(), opts.field);
      if (next.done) break;
      const part = next.value;
      if (part.type === 'field') {
        if (!(part.fieldname in fields)) fields[part.fieldname] = String(part.value);
        continue;
      }
      if (made !== null || !opts.fileFields.includes(part.fieldname)) {
        part.file.resume();
        continue;
      }
      try {
        const file = await open(part.file, part.filename, fields, opts);
        made = { value: await consume(file) };
        if (part.file.truncated) throw new ValidationError(opts.messages.tooLarge, opts.field);
      } catch (err) {
        // read the rest of the file so the client gets the answer instead of a reset connection
        part.file.resume();
        throw err;
      }
    }
  } catch (err) {
    if (made) await discard(made.value);
    throw err;
  }
  return { fields, file: made ? made.value : null };
}

/** The first accepted file of the request, streamed into the store under `keyFor(type)`. */
export async function receiveFile<T extends FileKind>(
  request: FastifyRequest,
  blobs: BlobStore,
  opts: IntakeOptions<T> & { keyFor(type: T): string },
): Promise<{ fields: Record<string, string>; file: StoredFile<T> | null }> {
  return readUpload(
    request,
    opts,
    async (file) => {
      const key = opts.keyFor(file.type);
      // a failed or oversize body fails the put, and the store keeps nothing
      await blobs.put(key, file.body, file.type.mime);
      return { key, type: file.type, size: file.size, sha256: file.sha256(), partName: file.partName };
    },
    (stored) => blobs.delete(stored.key),
  );
}

/** The first accepted file of the request, whole in memory (small text files such as clippings). */
export async function receiveBytes<T extends FileKind>(
  request: FastifyRequest,
  opts: IntakeOptions<T>,
): Promise<{ fields: Record<string, string>; file: { type: T; bytes: Buffer; partName: string } | null }> {
  return readUpload(request, opts, async (file) => {
    const chunks: Buffer[] = [];
    for await (const chunk of file.body as AsyncIterable<Buffer>) chunks.push(chunk);
    return { type: file.type, bytes: Buffer.concat(chunks), partName: file.partName };
  });
}

/** A read of the request that fails on its own (not our refusal) is a malformed request: 400. */
async function fromRequest<V>(read: () => Promise<V>, field: string): Promise<V> {
  try {
    return await read();
  } catch (err) {
    // our refusals, and @fastify/multipart's own limits (413, 406), keep their answer
    if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err;
    throw new ValidationError(MALFORMED_MESSAGE, field);
  }
}

async function open<T extends FileKind>(
  stream: Readable,
  partName: string,
  fields: Record<string, string>,
  opts: IntakeOptions<T>,
): Promise<IncomingFile<T>> {
  const source = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < HEAD_BYTES) {
    const next = await fromRequest(() => source.next(), opts.field);
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  if (head.length === 0) throw new ValidationError(opts.messages.missing, opts.field);
  const type = opts.sniff(head);
  await opts.accept?.(type, fields);
  if (!type) throw new ValidationError(opts.messages.wrongType, opts.field);

  const hash = createHash('sha256');
  let size = 0;
  const count = (chunk: Buffer) => {
    size += chunk.length;
    if (size > opts.maxBytes) throw new ValidationError(opts.messages.tooLarge, opts.field);
    hash.update(chunk);
    return chunk;
  };
  const body = async function* () {
    yield count(head);
    if (ended) return;
    for (;;) {
      const next = await fromRequest(() => source.next(), opts.field);
      if (next.done) return;
      yield count(next.value);
    }
  };
  return {
    type,
    partName,
    body: Readable.from(body()),
    get size() {
      return size;
    },
    sha256: () => hash.digest('hex'),
  };
}
