import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ListSort } from '../../../shared/schemas/items.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { items } from '../../db/schema.ts';

export type ItemRow = typeof items.$inferSelect;
export type NewItem = typeof items.$inferInsert;

export async function insertItem(ex: Executor, values: NewItem): Promise<ItemRow> {
  const [row] = await ex.insert(items).values(values).returning();
  return row!;
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

const ORDER: Record<ListSort, SQL> = {
  updated: sql`${items.updatedAt} DESC, ${items.id} DESC`,
  created: sql`${items.createdAt} DESC, ${items.id} DESC`,
  title: sql`lower(${items.title}) ASC, ${items.id} ASC`,
};

export async function listItems(
  ex: Executor,
  where: SQL,
  sort: ListSort,
  limit: number,
  offset: number,
): Promise<ItemRow[]> {
  return ex.select().from(items).where(where).orderBy(ORDER[sort]).limit(limit).offset(offset);
}

export async function countItems(ex: Executor, where: SQL): Promise<number> {
  const [row] = await ex.select({ n: sql<number>`count(*)::int` }).from(items).where(where);
  return row!.n;
}

/** A subquery of matching ids (most recent first, capped) for related-tag counts. */
export function matchingIdsQuery(where: SQL, cap: number): SQL {
  return sql`SELECT ${items.id} FROM ${items} WHERE ${where} ORDER BY ${items.updatedAt} DESC LIMIT ${cap}`;
}
