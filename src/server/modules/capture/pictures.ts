import { randomBytes } from 'node:crypto';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Fetcher } from '../../platform/fetcher.ts';
import { sniffImage } from '../notes/images.ts';

/**
 * A captured page's pictures, fetched once at capture (through the fetcher's SSRF checks) and
 * stored with the copy, so reading the copy never calls the original site: it would see the visit.
 */

/** Pictures kept per copy, and the size of each; the rest of the page's pictures are left out. */
export const PICTURES_MAX = 20;
export const PICTURE_MAX_BYTES = 2 * 1024 * 1024;
const PICTURE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** Where a stored picture is served (capture/routes.ts); its random name is the capability. */
export const pictureUrl = (key: string) => `/api/files/${key}`;

/** pages/<userId>/<name> of a stored page picture, or null when the name is not one we make. */
export function pictureKey(userId: string, name: string): string | null {
  if (!/^\d{1,18}$/.test(userId) || !/^[A-Za-z0-9_-]{22}\.(png|jpg|gif|webp)$/.test(name)) return null;
  return `pages/${userId}/${name}`;
}

const IMG = /<img\b[^>]*>/g;
const SRC = /\ssrc="([^"]*)"/;
const decodeAmp = (s: string) => s.replace(/&amp;/g, '&');

/**
 * Stores the pictures of sanitised reader HTML and points its <img> tags at the stored copies;
 * a picture that could not be stored (over the caps, not a picture, unreachable) is left out.
 */
export async function storePictures(
  deps: { fetcher: Fetcher; blobs: BlobStore },
  userId: number,
  html: string,
): Promise<{ html: string; keys: string[] }> {
  const sources = [...new Set([...html.matchAll(IMG)].map((m) => SRC.exec(m[0])?.[1] ?? ''))]
    .filter(Boolean)
    .slice(0, PICTURES_MAX);
  const stored = new Map<string, string>();
  try {
    // a few at a time: the capture job's lease bounds how long all of them may take
    for (let i = 0; i < sources.length; i += 4) {
      await Promise.all(
        sources.slice(i, i + 4).map(async (src) => {
          const key = await storeOne(deps, userId, decodeAmp(src));
          if (key) stored.set(src, key);
        }),
      );
    }
  } catch (err) {
    await removePictures(deps.blobs, [...stored.values()]);
    throw err;
  }
  const rewritten = html.replace(IMG, (tag) => {
    const key = stored.get(SRC.exec(tag)?.[1] ?? '');
    return key ? tag.replace(SRC, ` src="${pictureUrl(key)}"`) : '';
  });
  return { html: rewritten, keys: [...stored.values()] };
}

/**
 * The page's cover (its og:image, else its first picture) for the library's rows, stored like the
 * copy's pictures so a row never calls the site; null when it cannot be stored.
 */
export function storeCover(deps: { fetcher: Fetcher; blobs: BlobStore }, userId: number, url: string) {
  return storeOne(deps, userId, url);
}

const STORED_SRC = /^\/api\/files\/pages\/\d+\/[A-Za-z0-9_-]+\.\w+$/;

/**
 * Stored HTML as it is shown: only pictures kept with the copy. A copy captured before its pictures
 * were stored still names the site's addresses, and showing it must not call the site (nor trip the
 * reader's CSP), so those pictures are left out.
 */
export function storedPicturesOnly(html: string): string {
  return html.replace(IMG, (tag) => (STORED_SRC.test(decodeAmp(SRC.exec(tag)?.[1] ?? '')) ? tag : ''));
}

async function storeOne(deps: { fetcher: Fetcher; blobs: BlobStore }, userId: number, url: string) {
  let body: Buffer;
  try {
    ({ body } = await deps.fetcher.fetch(url, { accept: PICTURE_TYPES, maxBytes: PICTURE_MAX_BYTES }));
  } catch {
    // one missing picture does not fail the copy
    return null;
  }
  // by its bytes, not the site's word: an SVG or a page sent as image/png is not kept
  const kind = sniffImage(body);
  if (!kind || kind.ext === 'bmp') return null;
  const key = `pages/${userId}/${randomBytes(16).toString('base64url')}.${kind.ext}`;
  await deps.blobs.put(key, body, kind.mime);
  return key;
}

export async function removePictures(blobs: BlobStore, keys: string[]): Promise<void> {
  for (const key of keys) await blobs.delete(key);
}
