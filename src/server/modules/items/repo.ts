import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { ListSort } from '../../../shared/schemas/items.ts';
import { urlKey } from '../../../shared/url-key.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { itemCounts, items } from '../../db/schema.ts';
import type { Authorized } from '../../policies/authorized.ts';
import { pageVector } from '../search/vectors.ts';
import { ITEM_COLUMNS as COLUMNS, type ItemRow } from './row.ts';

export type { ItemRow };
export type NewItem = typeof items.$inferInsert;
/** The columns a module other than items may change, through ItemsService.update. */
export type ItemChanges = Partial<Omit<NewItem, 'id' | 'userId' | 'type' | 'searchVector' | 'pageVector'>>;
/** An item the item policy (policies/item.ts) let the caller change: a write here needs it. */
type Checked = Authorized<'item', { id: number }>;

/** url_key follows url in every write (Duplicates groups by it). */
function withUrlKey<T extends { url?: string | null }>(values: T): T & { urlKey?: string | null } {
  if (values.url === undefined) return values;
  return { ...values, urlKey: values.url ? urlKey(values.url) : null };
}

export async function insertItem(ex: Executor, values: NewItem): Promise<ItemRow> {
  const [row] = await ex.insert(items).values(withUrlKey(values)).returning(COLUMNS);
  return row!;
}

/** Many rows in one multi-row INSERT ... RETURNING. */
export async function insertItems(ex: Executor, values: NewItem[]): Promise<ItemRow[]> {
  if (values.length === 0) return [];
  return ex.insert(items).values(values.map(withUrlKey)).returning(COLUMNS);
}

export async function findOwnItems(ex: Executor, userId: number, ids: number[]): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  return ex
    .select(COLUMNS)
    .from(items)
    .where(and(eq(items.userId, userId), inArray(items.id, ids), isNull(items.trashedAt)));
}

export async function findBookmarkByUrl(
  ex: Executor,
  userId: number,
  url: string,
): Promise<ItemRow | undefined> {
  const [row] = await ex
    .select(COLUMNS)
    .from(items)
    .where(
      and(eq(items.userId, userId), eq(items.type, 'bookmark'), eq(items.url, url), isNull(items.trashedAt)),
    )
    .limit(1);
  return row;
}

export async function updateItem(
  ex: Executor,
  item: Checked,
  values: Partial<Omit<NewItem, 'id' | 'userId'>>,
): Promise<void> {
  await ex.update(items).set(withUrlKey(values)).where(eq(items.id, item.id));
}

const idsOf = (list: Checked[]) => list.map((i) => i.id);

/** Marks the items read or unread, or public or private, as changed at `at`. */
export async function setState(
  ex: Executor,
  list: Checked[],
  state: { unread: boolean } | { private: boolean },
  at: Date,
) {
  if (list.length === 0) return;
  await ex
    .update(items)
    .set({ ...state, updatedAt: at })
    .where(inArray(items.id, idsOf(list)));
}

/** Stars or unstars the items; a star is no change of the item, so updated_at stays. */
export async function setStarred(ex: Executor, list: Checked[], starred: boolean) {
  if (list.length === 0) return;
  await ex
    .update(items)
    .set({ starred })
    .where(inArray(items.id, idsOf(list)));
}

/** Moves the items to the trash at `at` (counts and tag counters follow by trigger). */
export async function trashItems(ex: Executor, list: Checked[], at: Date): Promise<void> {
  if (list.length === 0) return;
  await ex
    .update(items)
    .set({ trashedAt: at })
    .where(inArray(items.id, idsOf(list)));
}

/** Brings trashed items back; they keep their dates, so they return to their place in the lists. */
export async function restoreItems(ex: Executor, list: Checked[]): Promise<void> {
  if (list.length === 0) return;
  await ex
    .update(items)
    .set({ trashedAt: null })
    .where(inArray(items.id, idsOf(list)));
}

export async function deleteItems(ex: Executor, list: Checked[]): Promise<{ id: number; type: string }[]> {
  if (list.length === 0) return [];
  return ex
    .delete(items)
    .where(inArray(items.id, idsOf(list)))
    .returning({ id: items.id, type: items.type });
}

/** Sets the annotation count the annotations module counted (tag tabs follow by trigger). */
export async function setAnnotationCount(ex: Executor, item: Checked, count: number): Promise<void> {
  await ex.update(items).set({ annotationCount: count }).where(eq(items.id, item.id));
}

/**
 * Several items' annotation counts in one statement: the statement-level tag-tab trigger then
 * runs once, not once per item.
 */
export async function setAnnotationCounts(ex: Executor, counts: { item: Checked; count: number }[]) {
  if (counts.length === 0) return;
  const values = sql.join(
    counts.map(({ item, count }) => sql`(${item.id}::bigint, ${count}::int)`),
    sql`, `,
  );
  await ex.execute(sql`
    UPDATE ${items} SET annotation_count = v.n
    FROM (VALUES ${values}) AS v(id, n) WHERE ${items.id} = v.id`);
}

/** Indexes a captured page's or a PDF's text for full-text search. */
export async function setPageText(ex: Executor, item: Checked, text: string): Promise<void> {
  await ex
    .update(items)
    .set({ pageVector: pageVector(text) })
    .where(eq(items.id, item.id));
}

// NULLS LAST as the indexes are built (drizzle's desc()); a different NULLS order keeps
// Postgres from reading the index in order and it sorts the whole library instead.
const ORDER: Record<ListSort, SQL> = {
  updated: sql`${items.updatedAt} DESC NULLS LAST, ${items.id} DESC NULLS LAST`,
  created: sql`${items.createdAt} DESC NULLS LAST, ${items.id} DESC NULLS LAST`,
  title: sql`lower(${items.title}) ASC, ${items.id} ASC`,
};

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
): Promise<ItemRow[]> {
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
  return ex.select(COLUMNS).from(items).where(inArray(items.id, pageIds)).orderBy(ORDER[sort]);
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
  annotated?: boolean;
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
  if (f.annotated !== undefined) conds.push(eq(itemCounts.annotated, f.annotated));
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

/**
 * The user's first item of this type with this local id (made from a client's new-<timestamp>),
 * or this title (a Kindle book, locked: the import keeps its annotation count), if any.
 */
export async function findOwnBy(
  ex: Executor,
  userId: number,
  type: string,
  by: { localId: string } | { title: string },
): Promise<ItemRow | undefined> {
  const match = 'localId' in by ? eq(items.localId, by.localId) : eq(items.title, by.title);
  const query = ex
    .select(COLUMNS)
    .from(items)
    .where(and(eq(items.userId, userId), eq(items.type, type), match, isNull(items.trashedAt)))
    .orderBy(items.id)
    .limit(1);
  const [row] = await ('title' in by ? query.for('update') : query);
  return row;
}

/** Serialises creates from one local id until the transaction ends, so a retry never makes two. */
/** The user's items of a type with any of these titles, oldest first. */
export async function findByTitles(
  ex: Executor,
  userId: number,
  type: string,
  titles: string[],
): Promise<ItemRow[]> {
  if (titles.length === 0) return [];
  const list = sql.join(
    titles.map((t) => sql`${t}`),
    sql`, `,
  );
  // lower(title) first, so items_user_title_idx finds the rows (not a scan of every such item)
  const lowered = sql`ARRAY(SELECT lower(t) FROM unnest(ARRAY[${list}]::text[]) AS t)`;
  return ex
    .select(COLUMNS)
    .from(items)
    .where(
      and(
        eq(items.userId, userId),
        sql`lower(${items.title}) = ANY(${lowered})`,
        eq(items.type, type),
        inArray(items.title, titles),
        isNull(items.trashedAt),
      ),
    )
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
