import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { itemPages } from '../../db/schema.ts';
import { copyBlobs } from '../../platform/blob-copy.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Authorized } from '../../policies/authorized.ts';
import type { ItemRow } from '../items/row.ts';
import { pictureUrl } from './pictures.ts';
import * as repo from './repo.ts';

/** A stored page copy made over for another user's item (Save to My Library), pictures included. */
export interface PageCopy {
  page: Omit<repo.PageRow, 'itemId'>;
  /** the item's thumbnail, when it was one of the copy's pictures */
  thumbnailUrl: string | null;
  keys: Map<string, string>;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Copies the page copy's pictures into the user's area and points the HTML at them. */
export async function preparePageCopy(
  ex: Executor,
  blobs: BlobStore,
  from: Authorized<'item', ItemRow, 'read'>,
  userId: number,
): Promise<PageCopy | null> {
  const [row] = await ex.select().from(itemPages).where(eq(itemPages.itemId, from.id)).limit(1);
  if (!row) return null;
  const keys = await copyBlobs(blobs, row.pictures, userId);
  let html = row.html;
  let leadImageUrl = row.leadImageUrl;
  let thumbnailUrl: string | null = null;
  for (const [old, next] of keys) {
    const re = new RegExp(escapeRe(pictureUrl(old)), 'g');
    html = html.replace(re, pictureUrl(next));
    if (leadImageUrl === pictureUrl(old)) leadImageUrl = pictureUrl(next);
    if (from.thumbnailUrl === pictureUrl(old)) thumbnailUrl = pictureUrl(next);
  }
  const { itemId: _, userId: __, ...rest } = row;
  return {
    page: { ...rest, userId, html, leadImageUrl, pictures: [...keys.values()] },
    thumbnailUrl,
    keys,
  };
}

export async function insertPageCopy(
  tx: Executor,
  to: Authorized<'item', ItemRow>,
  copy: PageCopy,
): Promise<void> {
  await repo.savePage(tx, to, copy.page);
}
