import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { itemPages } from '../../db/schema.ts';
import type { Authorized } from '../../policies/authorized.ts';
import type { ItemRow } from '../items/row.ts';
import type { ItemsService } from '../items/service.ts';
import type { PageRow } from './repo.ts';

/**
 * The capture side of the Folio backup (modules/backup): the stored page copies of a page of items
 * (their pictures and covers are blobs the backup copies), and a restored copy written back with
 * its text searchable again, as the capture job leaves it.
 */
export async function pagesOfItems(ex: Executor, itemIds: number[]): Promise<Map<number, PageRow>> {
  if (!itemIds.length) return new Map();
  const rows = await ex.select().from(itemPages).where(inArray(itemPages.itemId, itemIds));
  return new Map(rows.map((row) => [row.itemId, row]));
}

/** Only the blob keys of these items' copies' pictures (a pass copying files needs no HTML). */
export async function pictureKeysOfItems(ex: Executor, itemIds: number[]): Promise<Map<number, string[]>> {
  if (!itemIds.length) return new Map();
  const rows = await ex
    .select({ itemId: itemPages.itemId, pictures: itemPages.pictures })
    .from(itemPages)
    .where(inArray(itemPages.itemId, itemIds));
  return new Map(rows.map((row) => [row.itemId, row.pictures]));
}

export async function restorePage(
  tx: Executor,
  deps: { items: ItemsService },
  item: Authorized<'item', ItemRow>,
  page: Omit<PageRow, 'itemId' | 'userId'>,
): Promise<void> {
  await tx
    .insert(itemPages)
    .values({ ...page, itemId: item.id, userId: item.userId })
    .onConflictDoNothing();
  await deps.items.setPageText(tx, item, page.text);
}
