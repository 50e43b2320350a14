import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { itemPages, items } from '../../db/schema.ts';
import { pageVector } from '../search/vectors.ts';

export type PageRow = typeof itemPages.$inferSelect;

export interface CaptureTarget {
  id: number;
  userId: number;
  type: string;
  url: string | null;
  title: string;
  thumbnailUrl: string | null;
  private: boolean;
  captureStatus: string | null;
  captureError: string | null;
}

const TARGET_COLUMNS = {
  id: items.id,
  userId: items.userId,
  type: items.type,
  url: items.url,
  title: items.title,
  thumbnailUrl: items.thumbnailUrl,
  private: items.private,
  captureStatus: items.captureStatus,
  captureError: items.captureError,
};

/**
 * The item a capture works on. `userId` limits it to the owner's; `lock` holds the row until the
 * transaction ends (a capture's last step). Without `userId` the caller has checked access already.
 */
export async function findTarget(
  ex: Executor,
  itemId: number,
  opts: { userId?: number; lock?: boolean } = {},
): Promise<CaptureTarget | undefined> {
  const where =
    opts.userId === undefined
      ? eq(items.id, itemId)
      : and(eq(items.id, itemId), eq(items.userId, opts.userId));
  const query = ex.select(TARGET_COLUMNS).from(items).where(where).limit(1);
  const [row] = await (opts.lock ? query.for('update') : query);
  return row;
}

export async function setStatus(
  ex: Executor,
  userId: number,
  itemId: number,
  status: string,
  error: string | null,
): Promise<void> {
  await ex
    .update(items)
    .set({ captureStatus: status, captureError: error })
    .where(and(eq(items.id, itemId), eq(items.userId, userId)));
}

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

export async function savePage(ex: Executor, page: PageRow): Promise<void> {
  const { itemId: _id, ...rest } = page;
  await ex.insert(itemPages).values(page).onConflictDoUpdate({ target: itemPages.itemId, set: rest });
}

/** Marks the item captured and indexes the page text in its own vector. */
export async function markCaptured(
  ex: Executor,
  userId: number,
  itemId: number,
  values: { capturedAt: Date; text: string; title?: string; thumbnailUrl?: string },
): Promise<void> {
  await ex
    .update(items)
    .set({
      captureStatus: 'done',
      captureError: null,
      capturedAt: values.capturedAt,
      pageVector: pageVector(values.text),
      ...(values.title !== undefined ? { title: values.title } : {}),
      ...(values.thumbnailUrl !== undefined ? { thumbnailUrl: values.thumbnailUrl } : {}),
    })
    .where(and(eq(items.id, itemId), eq(items.userId, userId)));
}

/**
 * The bookmark with this URL whose copy the viewer may open: their own first, else the newest
 * public one. Only a copy taken of the item's current URL counts.
 */
export async function findCopyByUrl(
  ex: Executor,
  viewerId: number | null,
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
        viewerId === null
          ? sql`NOT ${items.private}`
          : sql`(${items.userId} = ${viewerId} OR NOT ${items.private})`,
      ),
    )
    .orderBy(sql`${items.userId} = ${viewerId ?? 0} DESC`, desc(itemPages.capturedAt))
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
