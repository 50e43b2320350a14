import { and, desc, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { items } from '../../db/schema.ts';
import { ITEM_COLUMNS, type ItemRow } from './row.ts';

/** The trash's SQL: the only reads of items that see trashed rows. */

export async function trashedPage(
  ex: Executor,
  userId: number,
  limit: number,
  offset: number,
): Promise<ItemRow[]> {
  return ex
    .select(ITEM_COLUMNS)
    .from(items)
    .where(and(eq(items.userId, userId), isNotNull(items.trashedAt)))
    .orderBy(desc(items.trashedAt), desc(items.id))
    .limit(limit)
    .offset(offset);
}

export async function trashedCount(ex: Executor, userId: number): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(items)
    .where(and(eq(items.userId, userId), isNotNull(items.trashedAt)));
  return row!.n;
}

/** Ids of the user's trashed items (Empty trash), a batch at a time. */
export async function trashedIds(ex: Executor, userId: number, limit: number): Promise<number[]> {
  const rows = await ex
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.userId, userId), isNotNull(items.trashedAt)))
    .orderBy(items.id)
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Items trashed before `before`, by owner, a batch at a time (the daily purge). */
export async function expired(
  ex: Executor,
  before: Date,
  limit: number,
): Promise<{ id: number; userId: number }[]> {
  return ex
    .select({ id: items.id, userId: items.userId })
    .from(items)
    .where(and(isNotNull(items.trashedAt), lt(items.trashedAt, before)))
    .orderBy(items.trashedAt, items.id)
    .limit(limit);
}

/** Which of these bookmark addresses a live bookmark of the user holds (a restore would make two). */
export async function liveBookmarkUrls(ex: Executor, userId: number, urls: string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await ex
    .select({ url: items.url })
    .from(items)
    .where(
      and(
        eq(items.userId, userId),
        eq(items.type, 'bookmark'),
        inArray(items.url, urls),
        sql`${items.trashedAt} IS NULL`,
      ),
    );
  return new Set(rows.map((r) => r.url!));
}
