import type { BlobStore } from '../../platform/blob-store.ts';
import type { Fetcher } from '../../platform/fetcher.ts';
import { sniffImage } from '../notes/images.ts';

/**
 * Site icons for the library's rows: fetched once per host (through the fetcher's SSRF checks) when
 * a page of that host is first captured, and kept in the blob store, so a row never calls the site.
 * A host whose icon could not be had keeps an empty blob, so it is not asked again.
 */

/** An icon is small; anything bigger is not one. */
export const FAVICON_MAX_BYTES = 100 * 1024;
const ICON_TYPES = [
  'image/x-icon',
  'image/vnd.microsoft.icon',
  'image/png',
  'image/gif',
  'image/jpeg',
  'image/webp',
];
const ICO = 'image/x-icon';

/**
 * favicons/<host> or favicons/<host>_<port> of a page's host and port (a URL's `host`: another port
 * is another site), or null for anything else. Blob keys have no ':', and a host name has no '_'.
 */
export function faviconKey(host: string): string | null {
  const [name = '', port, ...rest] = host.toLowerCase().split(':');
  if (name.length > 253 || !/^[a-z0-9][a-z0-9.-]*$/.test(name) || name.includes('..')) return null;
  if (rest.length > 0) return null;
  if (port === undefined) return `favicons/${name}`;
  if (!/^[1-9]\d{0,4}$/.test(port) || Number(port) > 65535) return null;
  return `favicons/${name}_${port}`;
}

/** The picture type of an icon by its first bytes: the pictures notes accept, or a Windows icon. */
function iconType(body: Buffer): string | null {
  if (
    body.length >= 6 &&
    body.readUInt16LE(0) === 0 &&
    body.readUInt16LE(2) === 1 &&
    body.readUInt16LE(4) > 0
  ) {
    return ICO;
  }
  const kind = sniffImage(body);
  return kind && kind.ext !== 'bmp' ? kind.mime : null;
}

export async function storeFavicon(
  deps: { fetcher: Fetcher; blobs: BlobStore },
  /** the page URL's host, with its port when it is not the scheme's own */
  host: string | null,
  iconUrl: string | null,
): Promise<void> {
  const key = host ? faviconKey(host) : null;
  if (!key || (await deps.blobs.exists(key))) return;
  let icon: { body: Buffer; type: string } | null = null;
  if (iconUrl) {
    try {
      const { body } = await deps.fetcher.fetch(iconUrl, { accept: ICON_TYPES, maxBytes: FAVICON_MAX_BYTES });
      const type = iconType(body);
      if (type) icon = { body, type };
    } catch {
      // no icon: the row shows its type's symbol
    }
  }
  await deps.blobs.put(key, icon?.body ?? Buffer.alloc(0), icon?.type ?? 'application/octet-stream');
}
