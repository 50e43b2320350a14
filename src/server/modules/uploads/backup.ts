import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { itemFiles } from '../../db/schema.ts';
import type { Authorized } from '../../policies/authorized.ts';
import type { ItemFileRow, NewItemFile } from './repo.ts';
import * as repo from './repo.ts';

/**
 * The uploads side of the Folio backup (modules/backup): the file rows of a page of items (the
 * backup copies their blobs and thumbnails), and a restored file row, written with the blob keys
 * the restore stored the files under.
 */
export async function filesOfItems(ex: Executor, itemIds: number[]): Promise<Map<number, ItemFileRow>> {
  if (!itemIds.length) return new Map();
  const rows = await ex.select().from(itemFiles).where(inArray(itemFiles.itemId, itemIds));
  return new Map(rows.map((row) => [row.itemId, row]));
}

/** The file row of a restored pdf or image item (its blob and thumbnails already stored). */
export async function restoreFile(
  tx: Executor,
  item: Authorized<'item', { id: number; userId: number }>,
  file: Omit<NewItemFile, 'itemId' | 'userId'>,
): Promise<void> {
  await repo.insertFile(tx, item, file);
}
