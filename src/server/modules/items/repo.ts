import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { ListSort } from '../../../shared/schemas/items.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { itemCounts, items } from '../../db/schema.ts';

export type ItemRow = typeof items.$inferSelect;
export type NewItem = typeof items.$inferInsert;

export async function insertItem(ex: Executor, values: NewItem): Promise<ItemRow> {
  const [row] = await ex.insert(items).values(values).returning();
  return row!;
}

/** Many rows in one multi-row INSERT ... RETURNING. */
export async function insertItems(ex: Executor, values: NewItem[]): Promise<ItemRow[]> {
  if (values.length === 0) return [];
  return ex.insert(items).values(values).returning();
}

export async function updateItem(ex: Executor, userId: number, id: number, values: Partial<NewItem>) {
  await ex
    .update(items)
    .set(values)
    .where(and(eq(items.id, id), eq(items.userId, userId)));
}

export async function findItem(ex: Executor, id: number): Promise<ItemRow | undefined> {
  const [row] = await ex.select().from(items).where(eq(items.id, id)).limit(1);
  return row;
}

export async function findOwnItems(ex: Executor, userId: number, ids: number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return ex
    .select()
    .from(items)
    .where(and(eq(items.userId, userId), inArray(items.id, ids)));
}

export async function findBookmarkByUrl(
  ex: Executor,
  userId: number,
  url: string,
): Promise<ItemRow | undefined> {
  const [row] = await ex
    .select()
    .from(items)
    .where(and(eq(items.userId, userId), eq(items.type, 'bookmark'), eq(items.url, url)))
    .limit(1);
  return row;
}

/** The subset of `ids` that belongs to the user, with their types. */
export async function ownedItems(
  ex: Executor,
  userId: number,
  ids: number[],
): Promise<{ id: number; type: string; unread: boolean; private: boolean }[]> {
  return ex
    .select({ id: items.id, type: items.type, unread: items.unread, private: items.private })
    .from(items)
    .where(and(eq(items.userId, userId), inArray(items.id, ids)));
}

export async function setUnread(ex: Executor, userId: number, ids: number[], unread: boolean, at: Date) {
  if (ids.length === 0) return;
  await ex
    .update(items)
    .set({ unread, updatedAt: at })
    .where(and(eq(items.userId, userId), inArray(items.id, ids)));
}

export async function setPrivate(ex: Executor, userId: number, ids: number[], isPrivate: boolean, at: Date) {
  if (ids.length === 0) return;
  await ex
    .update(items)
    .set({ private: isPrivate, updatedAt: at })
    .where(and(eq(items.userId, userId), inArray(items.id, ids)));
}

export async function deleteItems(ex: Executor, userId: number, ids: number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return ex
    .delete(items)
    .where(and(eq(items.userId, userId), inArray(items.id, ids)))
    .returning();
}

/** t_name of each item: its tags in the order they were typed. */
export async function tagNamesFor(ex: Executor, ids: number[]): Promise<Map<number, string>> {
  const map = new Map<number, string>();
  if (ids.length === 0) return map;
  const rows = await queryRows<{ item_id: string | number; t_name: string }>(
    ex,
    sql`SELECT it.item_id, string_agg(t.name, ',' ORDER BY it.position, t.id) AS t_name
        FROM item_tags it JOIN tags t ON t.id = it.tag_id
        WHERE it.item_id IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})
        GROUP BY it.item_id`,
  );
  for (const row of rows) map.set(Number(row.item_id), row.t_name);
  return map;
}

// NULLS LAST as the indexes are built (drizzle's desc()); a different NULLS order keeps
// Postgres from reading the index in order and it sorts the whole library instead.
const ORDER: Record<ListSort, SQL> = {
  updated: sql`${items.updatedAt} DESC NULLS LAST, ${items.id} DESC NULLS LAST`,
  created: sql`${items.createdAt} DESC NULLS LAST, ${items.id} DESC NULLS LAST`,
  title: sql`lower(${items.title}) ASC, ${items.id} ASC`,
};

/** Every column but the search vectors, which lists never show and which are wide. */
const { searchVector: _vector, pageVector: _pageVector, ...LIST_COLUMNS } = getTableColumns(items);
export type ListedItem = Omit<ItemRow, 'searchVector' | 'pageVector'>;

/**
 * One page of items. The page's ids come first from the index alone, so rows skipped by the
 * offset are never read from the table; then only those rows are fetched.
 */
export async function listItems(
  ex: Executor,
  where: SQL,
  sort: ListSort,
  limit: number,
  offset: number,
  collectFirst = false,
): Promise<ListedItem[]> {
  return listQuery(ex, where, sort, limit, offset, collectFirst);
}

/**
 * The query listItems runs, for EXPLAIN in the benchmarks. The page's ids come first (a deferred
 * join). `collectFirst`, for a search known to match few items: gather the matches through their
 * own indexes (GIN) behind an OFFSET 0 fence, then sort them. Otherwise the planner may walk the
 * ordered index newest first and test every item against a rare word (measured: 720 ms vs 1 ms
 * at 100,000 captured pages).
 */
export function listQuery(
  ex: Executor,
  where: SQL,
  sort: ListSort,
  limit: number,
  offset: number,
  collectFirst = false,
) {
  const pageIds = collectFirst
    ? sql`(SELECT id FROM (
          SELECT ${items.id}, ${items.updatedAt}, ${items.createdAt}, ${items.title} FROM ${items}
          WHERE ${where} OFFSET 0
        ) AS items ORDER BY ${ORDER[sort]} LIMIT ${limit} OFFSET ${offset})`
    : ex.select({ id: items.id }).from(items).where(where).orderBy(ORDER[sort]).limit(limit).offset(offset);
  return ex.select(LIST_COLUMNS).from(items).where(inArray(items.id, pageIds)).orderBy(ORDER[sort]);
}

/** Counts matches up to `cap`: past it, an exact count of a broad search costs more than it tells. */
export async function countItemsUpTo(ex: Executor, where: SQL, cap: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${items} WHERE ${where} LIMIT ${cap}) AS matches`,
  );
  return row!.n;
}

export async function countItems(ex: Executor, where: SQL): Promise<number> {
  const [row] = await ex.select({ n: sql<number>`count(*)::int` }).from(items).where(where);
  return row!.n;
}

/** Which items a kept count covers: undefined means either way. */
export interface CountedFilter {
  type?: string;
  private?: boolean;
  unread?: boolean;
}

/**
 * From item_counts (kept by triggers): how many of a user's items match the filter, and how many
 * are unread, in one read of a few rows.
 */
export async function countFromCounters(
  ex: Executor,
  userId: number,
  f: CountedFilter,
): Promise<{ matching: number; unread: number }> {
  const conds: SQL[] = [sql`true`];
  if (f.type !== undefined) conds.push(eq(itemCounts.type, f.type));
  if (f.private !== undefined) conds.push(eq(itemCounts.private, f.private));
  if (f.unread !== undefined) conds.push(eq(itemCounts.unread, f.unread));
  const [row] = await ex
    .select({
      matching: sql<number>`coalesce(sum(${itemCounts.n}) FILTER (WHERE ${and(...conds)}), 0)::int`,
      unread: sql<number>`coalesce(sum(${itemCounts.n}) FILTER (WHERE ${itemCounts.unread}), 0)::int`,
    })
    .from(itemCounts)
    .where(eq(itemCounts.userId, userId));
  return row!;
}

/** A subquery of matching ids (most recent first, capped) for related-tag counts; see listQuery for collectFirst. */
export function matchingIdsQuery(where: SQL, cap: number, collectFirst = false): SQL {
  if (collectFirst)
    return sql`SELECT id FROM (SELECT ${items.id}, ${items.updatedAt} FROM ${items} WHERE ${where} OFFSET 0) AS items
      ORDER BY ${items.updatedAt} DESC NULLS LAST LIMIT ${cap}`;
  return sql`SELECT ${items.id} FROM ${items} WHERE ${where} ORDER BY ${items.updatedAt} DESC NULLS LAST LIMIT ${cap}`;
}

/** The user's item of this type made from a client's local id (new-<timestamp>), if any. */
export async function findByLocalId(
  ex: Executor,
  userId: number,
  type: string,
  localId: string,
): Promise<ItemRow | undefined> {
  const [row] = await ex
    .select()
    .from(items)
    .where(and(eq(items.userId, userId), eq(items.type, type), eq(items.localId, localId)))
    .limit(1);
  return row;
}

/** The user's item of this type with exactly this title (a Kindle book), if any. */
export async function findByTitle(
  ex: Executor,
  userId: number,
  type: string,
  title: string,
): Promise<ItemRow | undefined> {
  const [row] = await ex
    .select()
    .from(items)
    .where(and(eq(items.userId, userId), eq(items.type, type), eq(items.title, title)))
    .orderBy(items.id)
    .limit(1);
  return row;
}

/** Serialises creates from one local id until the transaction ends, so a retry never makes two. */
/** The user's items of a type with any of these titles, oldest first. */
export async function findByTitles(
  ex: Executor,
  userId: number,
  type: string,
  titles: string[],
): Promise<{ id: number; title: string }[]> {
  if (titles.length === 0) return [];
  return ex
    .select({ id: items.id, title: items.title })
    .from(items)
    .where(and(eq(items.userId, userId), eq(items.type, type), inArray(items.title, titles)))
    .orderBy(items.id);
}

/** lockLocalId for many ids in one statement; sorted, so two callers never wait on each other in a cycle. */
export async function lockLocalIds(ex: Executor, userId: number, localIds: string[]): Promise<void> {
  const keys = [...new Set(localIds)].sort().map((id) => `${userId}:${id}`);
  if (keys.length === 0) return;
  const list = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  await ex.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(k, 0))
        FROM unnest(ARRAY[${list}]::text[]) WITH ORDINALITY AS t(k, n) ORDER BY n`,
  );
}

export async function lockLocalId(ex: Executor, userId: number, localId: string): Promise<void> {
  await ex.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${userId}:${localId}`}, 0))`);
}
