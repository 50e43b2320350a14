import { randomBytes, randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES } from '../../../shared/limits.ts';
import { SETTINGS_MSG } from '../../../shared/schemas/settings.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { ValidationError } from '../../platform/errors.ts';
import { receiveBytes } from '../../platform/file-intake.ts';
import { type ImageKind, sniffImage } from '../notes/images.ts';
import { withDecodedPicture } from '../uploads/thumbnails.ts';

/** An avatar is shown at most this wide and high (twice the largest place it is drawn). */
export const AVATAR_SIZE = 256;
const MAX_PIXELS = 50_000_000;
const ACCEPTED = new Set<ImageKind['ext']>(['jpg', 'png', 'gif', 'bmp']);

/** avatars/<userId>/<random>.png: the blob key of a stored avatar */
export function avatarKey(userId: string, name: string): string | null {
  if (!/^\d{1,18}$/.test(userId) || !/^[A-Za-z0-9_-]{8,64}\.png$/.test(name)) return null;
  return `avatars/${userId}/${name}`;
}

/** The key an avatar URL points at, when it is one of ours. */
export function keyOfAvatarUrl(url: string | null): string | null {
  const m = url?.match(/^\/api\/files\/avatars\/(\d+)\/([^/?]+)/);
  return m ? avatarKey(m[1]!, m[2]!) : null;
}

/**
 * uploadAvatar: the multipart `source` picture (jpeg, png, gif or bmp, under 2 MB, by its bytes),
 * resized to a square PNG and stored; replies the new URL with the spec's cache-busting number.
 */
export async function receiveAvatar(
  request: FastifyRequest,
  blobs: BlobStore,
  userId: number,
): Promise<string> {
  if (!request.isMultipart()) throw new ValidationError(SETTINGS_MSG.avatarType, 'source');
  const { file } = await receiveBytes(request, {
    fileFields: ['source'],
    field: 'source',
    maxBytes: AVATAR_MAX_BYTES,
    sniff: (head) => {
      const kind = sniffImage(head);
      return kind && ACCEPTED.has(kind.ext) ? kind : null;
    },
    messages: {
      missing: SETTINGS_MSG.avatarType,
      wrongType: SETTINGS_MSG.avatarType,
      tooLarge: SETTINGS_MSG.avatarTooLarge,
    },
  });
  if (!file) throw new ValidationError(SETTINGS_MSG.avatarType, 'source');
  let png: Buffer;
  try {
    // decoded within the process's decode budget, as thumbnails are (uploads/decode-budget.ts)
    png = await withDecodedPicture(file.bytes, file.type.ext, MAX_PIXELS, (source) =>
      source
        .autoOrient()
        .resize({ width: AVATAR_SIZE, height: AVATAR_SIZE, fit: 'cover', withoutEnlargement: true })
        .png()
        .toBuffer(),
    );
  } catch {
    throw new ValidationError(SETTINGS_MSG.avatarType, 'source');
  }
  const name = `${randomBytes(12).toString('base64url')}.png`;
  const key = `avatars/${userId}/${name}`;
  await blobs.put(key, png, 'image/png');
  // §9: the URL is cache-busted with a random number under 1000
  return `/api/files/${key}?v=${randomInt(1000)}`;
}

/** The avatar blob the user's row points at (the blob sweep keeps it). */
export async function avatarKeysOf(ex: Executor, userId: number): Promise<Set<string>> {
  const [row] = await ex.select({ url: users.avatarUrl }).from(users).where(eq(users.id, userId)).limit(1);
  const key = keyOfAvatarUrl(row?.url ?? null);
  return new Set(key ? [key] : []);
}
