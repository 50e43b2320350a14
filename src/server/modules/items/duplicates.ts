import { and, asc, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { items } from '../../db/schema.ts';
import { liveItems } from '../../policies/item.ts';
import { ITEM_COLUMNS, type ItemRow } from './row.ts';

/**
 * Duplicates: the user's live bookmarks that are the same page (items.url_key, shared/url-key.ts).
 * Both reads go through items_user_url_key_idx (live rows with a key).
 */
const sameUser = (userId: number) =>
  and(eq(items.userId, userId), isNotNull(items.urlKey), liveItems, eq(items.type, 'bookmark'));

/** One page of the keys more than one bookmark shares, and how many such keys in all. */
export async function duplicateKeys(
  ex: Executor,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ keys: string[]; total: number }> {
  const grouped = sql`SELECT ${items.urlKey} AS k FROM ${items} WHERE ${sameUser(userId)}
    GROUP BY ${items.urlKey} HAVING count(*) > 1`;
  const rows = await queryRows<{ k: string; total: number }>(
    ex,
    sql`SELECT k, count(*) OVER ()::int AS total FROM (${grouped}) g ORDER BY k LIMIT ${limit} OFFSET ${offset}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && offset > 0) {
    const [row] = await queryRows<{ n: number }>(ex, sql`SELECT count(*)::int AS n FROM (${grouped}) g`);
    total = Number(row!.n);
  }
  return { keys: rows.map((r) => r.k), total };
}

/** The bookmarks of these keys, oldest first. */
export async function bookmarksOfKeys(ex: Executor, userId: number, keys: string[]): Promise<ItemRow[]> {
  if (keys.length === 0) return [];
  return ex
    .select(ITEM_COLUMNS)
    .from(items)
    .where(and(sameUser(userId), inArray(items.urlKey, keys)))
    .orderBy(asc(items.createdAt), asc(items.id));
}

/** Another live bookmark of the user that is the same page as `key` (the save form's hint). */
export async function similarBookmark(
  ex: Executor,
  userId: number,
  key: string,
  exceptId: number,
): Promise<ItemRow | undefined> {
  const [row] = await ex
    .select(ITEM_COLUMNS)
    .from(items)
    .where(and(sameUser(userId), eq(items.urlKey, key), ne(items.id, exceptId)))
    .orderBy(asc(items.createdAt), asc(items.id))
    .limit(1);
  return row;
}
