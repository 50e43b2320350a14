import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { NOTE_IMAGE_MAX_BYTES } from '../../../shared/limits.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { ValidationError } from '../../platform/errors.ts';

export const IMAGE_TYPE_MESSAGE = 'Please choose a picture (jpeg, png, gif, webp or bmp).';
export const IMAGE_SIZE_MESSAGE = 'The picture is too large (10 MB at most).';
export const IMAGE_MISSING_MESSAGE = 'Please choose a picture to upload.';

export interface ImageKind {
  ext: 'jpg' | 'png' | 'gif' | 'webp' | 'bmp';
  mime: string;
}

export const IMAGE_MIME: Record<ImageKind['ext'], string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
};

const HEAD_BYTES = 12;

/** The picture type by its first bytes, never by its name; SVG and everything else is refused. */
export function sniffImage(head: Buffer): ImageKind | null {
  const is = (bytes: number[], at = 0) => bytes.every((b, i) => head[at + i] === b);
  const ascii = (s: string, at = 0) => head.subarray(at, at + s.length).toString('latin1') === s;
  let ext: ImageKind['ext'] | null = null;
  if (is([0xff, 0xd8, 0xff])) ext = 'jpg';
  else if (is([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ext = 'png';
  else if (ascii('GIF87a') || ascii('GIF89a')) ext = 'gif';
  else if (ascii('RIFF') && ascii('WEBP', 8)) ext = 'webp';
  else if (ascii('BM') && head.length >= 6) ext = 'bmp';
  return ext ? { ext, mime: IMAGE_MIME[ext] } : null;
}

/** Reads just enough of a stream to know its type; the rest stays unread. */
async function readHead(source: AsyncIterator<Buffer>): Promise<{ head: Buffer; done: boolean }> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < HEAD_BYTES) {
    const next = await source.next();
    if (next.done) return { head: Buffer.concat(chunks), done: true };
    chunks.push(next.value);
    length += next.value.length;
  }
  return { head: Buffer.concat(chunks), done: false };
}

/**
 * Streams an uploaded picture into the store under notes/<userId>/<random>.<ext> and returns the
 * address the note embeds. Nothing is kept when the type is wrong or the size is over the cap.
 */
export async function storeNoteImage(
  blobs: BlobStore,
  userId: number,
  body: Readable,
  maxBytes: number = NOTE_IMAGE_MAX_BYTES,
): Promise<string> {
  const source = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const { head, done } = await readHead(source);
  const kind = sniffImage(head);
  if (!kind) {
    if (head.length === 0) throw new ValidationError(IMAGE_MISSING_MESSAGE, 'files[]');
    throw new ValidationError(IMAGE_TYPE_MESSAGE, 'files[]');
  }
  // one generator reads, counts and hands on: a failing upload or an oversize one fails the put
  const rest = async function* () {
    let total = head.length;
    if (total > maxBytes) throw new ValidationError(IMAGE_SIZE_MESSAGE, 'files[]');
    yield head;
    if (done) return;
    while (true) {
      const next = await source.next();
      if (next.done) return;
      total += next.value.length;
      if (total > maxBytes) throw new ValidationError(IMAGE_SIZE_MESSAGE, 'files[]');
      yield next.value;
    }
  };
  const key = `notes/${userId}/${randomBytes(16).toString('base64url')}.${kind.ext}`;
  await blobs.put(key, Readable.from(rest()), kind.mime);
  return `/api/files/${key}`;
}

/** notes/<userId>/<name> of a stored note picture, or null when the name is not one we make. */
export function noteImageKey(userId: string, name: string): string | null {
  if (!/^\d{1,18}$/.test(userId) || !/^[A-Za-z0-9_-]{8,64}\.(png|jpg|gif|webp|bmp)$/.test(name)) return null;
  return `notes/${userId}/${name}`;
}
