import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { NOTE_IMAGE_MAX_BYTES } from '../../../shared/limits.ts';
import type { Executor } from '../../db/client.ts';
import { items } from '../../db/schema.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { ValidationError } from '../../platform/errors.ts';
import { receiveFile } from '../../platform/file-intake.ts';
import { imagesIn } from '../items/files-hook.ts';

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

/** The picture field of the note editor's upload; plain `files` is accepted too. */
const FILE_FIELDS = ['files[]', 'files'];

/**
 * POST /item/save/image?for=note (the route is registered by modules/uploads, which owns the
 * path): streams the first picture of the request into notes/<userId>/<random>.<ext> through the
 * shared intake and returns the address the note embeds. Nothing is kept when the type is wrong
 * or the size is over the cap; further files are read and dropped.
 */
export async function receiveNoteImage(
  request: FastifyRequest,
  blobs: BlobStore,
  userId: number,
  maxBytes: number = NOTE_IMAGE_MAX_BYTES,
): Promise<string> {
  const { file } = await receiveFile(request, blobs, {
    fileFields: FILE_FIELDS,
    field: 'files[]',
    maxBytes,
    sniff: sniffImage,
    messages: { missing: IMAGE_MISSING_MESSAGE, wrongType: IMAGE_TYPE_MESSAGE, tooLarge: IMAGE_SIZE_MESSAGE },
    keyFor: (kind) => `notes/${userId}/${randomBytes(16).toString('base64url')}.${kind.ext}`,
  });
  if (!file) throw new ValidationError(IMAGE_MISSING_MESSAGE, 'files[]');
  return `/api/files/${file.key}`;
}

/** notes/<userId>/<name> of a stored note picture, or null when the name is not one we make. */
export function noteImageKey(userId: string, name: string): string | null {
  if (!/^\d{1,18}$/.test(userId) || !/^[A-Za-z0-9_-]{8,64}\.(png|jpg|gif|webp|bmp)$/.test(name)) return null;
  return `notes/${userId}/${name}`;
}

/** The blob keys of the pictures a user's notes show (the blob sweep keeps these). */
export async function noteImageKeysOf(ex: Executor, userId: number): Promise<Set<string>> {
  const notes = await ex
    .select({ content: items.noteContent })
    .from(items)
    .where(
      and(
        eq(items.userId, userId),
        eq(items.type, 'note'),
        sql`${items.noteContent} LIKE '%/api/files/notes/%'`,
      ),
    );
  return imagesIn(notes);
}
