import { randomBytes } from 'node:crypto';
import type { BlobStore } from './blob-store.ts';

/**
 * A new key in another user's area for a copy of a blob: `{area}/{userId}/{random}{.ext}`, the
 * extension kept. The copy is a file of its own, so deleting either side never breaks the other.
 */
export function copyKeyFor(key: string, userId: number): string {
  const area = key.split('/')[0]!;
  const ext = /\.[a-z0-9]{1,5}$/i.exec(key)?.[0] ?? '';
  return `${area}/${userId}/${randomBytes(16).toString('base64url')}${ext}`;
}

/**
 * Copies the blobs to new keys of the user's; returns old key -> new key. A blob that is gone is
 * left out. On failure the copies made so far are removed.
 */
export async function copyBlobs(
  blobs: BlobStore,
  keys: string[],
  userId: number,
): Promise<Map<string, string>> {
  const copied = new Map<string, string>();
  try {
    for (const key of new Set(keys)) {
      const blob = await blobs.get(key);
      if (!blob) continue;
      const next = copyKeyFor(key, userId);
      await blobs.put(next, blob.stream, blob.contentType);
      copied.set(key, next);
    }
  } catch (err) {
    await removeBlobs(blobs, [...copied.values()]);
    throw err;
  }
  return copied;
}

export async function removeBlobs(blobs: BlobStore, keys: string[]): Promise<void> {
  for (const key of keys) await blobs.delete(key).catch(() => undefined);
}
