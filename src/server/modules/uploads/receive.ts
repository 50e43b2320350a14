import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_MSG } from '../../../shared/schemas/uploads.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { ValidationError } from '../../platform/errors.ts';
import { type FileType, HEAD_BYTES, sniffUpload } from './sniff.ts';

/** The file fields we read: fine-uploader's qqfile, or a plain file. */
const FILE_FIELDS = new Set(['qqfile', 'file']);

export interface StoredFile {
  key: string;
  type: FileType;
  size: number;
  sha256: string;
  /** the name the browser sent with the file part */
  partName: string;
}

export interface ReceiveOptions {
  blobs: BlobStore;
  userId: number;
  maxBytes: number;
  /**
   * Called once the file's type is known and before its body is read: throws to refuse it (wrong
   * type for the call, quota reached) so a refused file is never stored.
   */
  accept(type: FileType | null, fields: Record<string, string>): Promise<void>;
}

export interface Received {
  fields: Record<string, string>;
  file: StoredFile | null;
}

/**
 * Reads a multipart upload part by part. The file goes straight from the socket through a size
 * counter and a SHA-256 into the blob store, so it is never whole in memory; over the cap, the
 * put fails and the store keeps nothing. Fields may come before or after the file. Any failure
 * after the file was stored deletes it again.
 */
export async function receiveUpload(request: FastifyRequest, opts: ReceiveOptions): Promise<Received> {
  const fields: Record<string, string> = {};
  let file: StoredFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (!(part.fieldname in fields)) fields[part.fieldname] = String(part.value);
        continue;
      }
      if (file !== null || !FILE_FIELDS.has(part.fieldname)) {
        part.file.resume();
        continue;
      }
      try {
        file = await storePart(part, fields, opts);
      } catch (err) {
        // read the rest of the file so the client gets the answer instead of a reset connection
        part.file.resume();
        throw err;
      }
    }
  } catch (err) {
    if (file) await opts.blobs.delete(file.key);
    throw err;
  }
  return { fields, file };
}

async function storePart(
  part: MultipartFile,
  fields: Record<string, string>,
  opts: ReceiveOptions,
): Promise<StoredFile> {
  const source = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < HEAD_BYTES) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const head = Buffer.concat(chunks);
  if (head.length === 0) throw new ValidationError(UPLOAD_MSG.missing, 'qqfile');
  const type = sniffUpload(head);
  await opts.accept(type, fields);
  if (!type) throw new ValidationError(UPLOAD_MSG.notPdf, 'qqfile');

  const hash = createHash('sha256');
  let size = 0;
  const count = (chunk: Buffer) => {
    size += chunk.length;
    if (size > opts.maxBytes) throw new ValidationError(UPLOAD_MSG.tooLarge, 'qqfile');
    hash.update(chunk);
    return chunk;
  };
  const body = async function* () {
    yield count(head);
    if (ended) return;
    for (;;) {
      const next = await source.next();
      if (next.done) return;
      yield count(next.value);
    }
  };
  const key = `items/${opts.userId}/${randomBytes(16).toString('base64url')}.${type.ext}`;
  await opts.blobs.put(key, Readable.from(body()), type.mime);
  return { key, type, size, sha256: hash.digest('hex'), partName: part.filename };
}
