import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { itemPages, items } from '../../db/schema.ts';
import type { Actor, Authorized } from '../../policies/authorized.ts';
import { readableWhere } from '../../policies/item.ts';
import { headline } from '../search/snippets.ts';

export type PageRow = typeof itemPages.$inferSelect;

/** The stored copy as it is shown; its plain text (up to a megabyte) stays in the database. */
export async function findPage(ex: Executor, itemId: number) {
  const [row] = await ex
    .select({
      sourceUrl: itemPages.sourceUrl,
      title: itemPages.title,
      html: itemPages.html,
      capturedAt: itemPages.capturedAt,
    })
    .from(itemPages)
    .where(eq(itemPages.itemId, itemId))
    .limit(1);
  return row;
}

/** The lead image of the item's last copy, which a new capture may replace as its thumbnail. */
export async function findLeadImage(ex: Executor, itemId: number): Promise<string | null> {
  const [row] = await ex
    .select({ leadImageUrl: itemPages.leadImageUrl })
    .from(itemPages)
    .where(eq(itemPages.itemId, itemId))
    .limit(1);
  return row?.leadImageUrl ?? null;
}

/** Stores (or replaces) the item's copy. */
export async function savePage(
  ex: Executor,
  item: Authorized<'item', { id: number }>,
  page: Omit<PageRow, 'itemId'>,
) {
  await ex
    .insert(itemPages)
    .values({ ...page, itemId: item.id })
    .onConflictDoUpdate({ target: itemPages.itemId, set: page });
}

/**
 * The bookmark with this URL whose copy the viewer may open: their own first, else the newest
 * public one. Only a copy taken of the item's current URL counts.
 */
export async function findCopyByUrl(
  ex: Executor,
  viewer: Actor,
  url: string,
): Promise<{ itemId: number } | undefined> {
  const [row] = await ex
    .select({ itemId: items.id })
    .from(items)
    .innerJoin(itemPages, eq(itemPages.itemId, items.id))
    .where(
      and(
        eq(items.url, url),
        eq(items.type, 'bookmark'),
        eq(itemPages.sourceUrl, items.url),
        readableWhere(viewer),
      ),
    )
    .orderBy(sql`${items.userId} = ${viewer?.id ?? 0} DESC`, desc(itemPages.capturedAt))
    .limit(1);
  return row;
}

/** Every picture a user's stored copies show (the blob sweep keeps these). */
export async function pictureKeysOf(ex: Executor, userId: number): Promise<Set<string>> {
  const rows = await ex
    .select({ pictures: itemPages.pictures })
    .from(itemPages)
    .where(eq(itemPages.userId, userId));
  return new Set(rows.flatMap((r) => r.pictures));
}

/** True when one of the user's stored copies shows this picture. */
export async function pictureShown(ex: Executor, userId: number, key: string): Promise<boolean> {
  const [row] = await ex
    .select({ itemId: itemPages.itemId })
    .from(itemPages)
    .where(and(eq(itemPages.userId, userId), sql`jsonb_exists(${itemPages.pictures}, ${key})`))
    .limit(1);
  return row !== undefined;
}

/** Where the words matched in each item's stored copy (ts_headline's marked text). */
export async function pageHeadlines(ex: Executor, itemIds: number[], words: string[]) {
  if (itemIds.length === 0) return [];
  return ex
    .select({ itemId: itemPages.itemId, marked: headline(sql`${itemPages.text}`, words) })
    .from(itemPages)
    .where(inArray(itemPages.itemId, itemIds));
}
