import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { items } from '../../db/schema.ts';
import type { Authorized } from '../../policies/authorized.ts';
import { authorizeItem } from '../../policies/item.ts';
import { hostOf } from './presenter.ts';
import * as repo from './repo.ts';
import { ITEM_COLUMNS, type ItemRow } from './row.ts';

/**
 * The items side of the Folio backup (modules/backup): reading a user's items a page at a time by
 * id (keyset), and writing a restored item with every field as the backup holds it. Only the items
 * module writes `items`.
 */

/** The next `limit` items of the owner after `afterId`, in id order (never the whole library). */
export function itemsAfter(ex: Executor, userId: number, afterId: number, limit: number): Promise<ItemRow[]> {
  return ex
    .select(ITEM_COLUMNS)
    .from(items)
    .where(and(eq(items.userId, userId), gt(items.id, afterId)))
    .orderBy(asc(items.id))
    .limit(limit);
}

/** Every field a backup keeps of an item, as the restore writes it back (ids and derived columns aside). */
export interface RestoredItem {
  type: string;
  title: string;
  description: string;
  url: string | null;
  srcUrl: string | null;
  noteContent: string | null;
  noteType: string | null;
  unread: boolean;
  private: boolean;
  localId: string | null;
  thumbnailUrl: string | null;
  downloadUrl: string | null;
  permanentUrl: string | null;
  starred: boolean;
  captureStatus: string | null;
  captureError: string | null;
  capturedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The owner's item that a restored one is: the bookmark of the same address, else the item of the
 * same type, title and creation time (a restore keeps both exactly), so restoring twice finds them.
 */
export async function findRestored(
  ex: Executor,
  owner: { id: number },
  item: Pick<RestoredItem, 'type' | 'url' | 'title' | 'createdAt'>,
): Promise<Authorized<'item', ItemRow> | undefined> {
  const [row] =
    item.type === 'bookmark' && item.url
      ? await ex
          .select(ITEM_COLUMNS)
          .from(items)
          .where(and(eq(items.userId, owner.id), eq(items.type, 'bookmark'), eq(items.url, item.url)))
          .limit(1)
      : await ex
          .select(ITEM_COLUMNS)
          .from(items)
          .where(
            and(
              eq(items.userId, owner.id),
              eq(items.type, item.type),
              eq(items.title, item.title),
              sql`${items.createdAt} = ${item.createdAt.toISOString()}::timestamptz`,
            ),
          )
          .limit(1);
  return row ? authorizeItem(owner, row, 'write') : undefined;
}

/** New items with every field the backup gives, in one INSERT. */
export async function insertRestored(
  ex: Executor,
  owner: { id: number },
  values: RestoredItem[],
): Promise<Authorized<'item', ItemRow>[]> {
  const rows = await repo.insertItems(
    ex,
    values.map((v) => ({ ...v, userId: owner.id, host: hostOf(v.url) })),
  );
  return rows.map((row) => authorizeItem(owner, row, 'write'));
}

/**
 * The fields that name other rows (the addresses of the item's own file, its cover), set once the
 * restored rows' ids are known; `updatedAt` is written back as the backup had it.
 */
export async function setRestoredFields(
  ex: Executor,
  item: Authorized<'item', ItemRow>,
  fields: Pick<RestoredItem, 'thumbnailUrl' | 'downloadUrl' | 'permanentUrl' | 'updatedAt'> & {
    annotationCount: number;
  },
): Promise<void> {
  await ex.update(items).set(fields).where(eq(items.id, item.id));
}

/** Stars items found already in the library that the backup has starred. */
export async function starRestored(ex: Executor, found: Authorized<'item', ItemRow>[]): Promise<void> {
  await repo.setStarred(
    ex,
    found.filter((item) => !item.starred),
    true,
  );
}

/** The owner's items of these ids (a restore's outliner entries name only these). */
export async function ownItemIds(ex: Executor, userId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await ex
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.userId, userId), inArray(items.id, ids)));
  return new Set(rows.map((r) => r.id));
}
