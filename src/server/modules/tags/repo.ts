import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { itemTags, tags } from '../../db/schema.ts';

/** Ids of the user's tags with these names (case-insensitive), creating the missing ones. */
export async function ensureTags(
  ex: Executor,
  userId: number,
  names: string[],
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  if (names.length === 0) return ids;
  await ex
    .insert(tags)
    .values(names.map((name) => ({ userId, name })))
    .onConflictDoNothing();
  const lowered = names.map((n) => n.toLowerCase());
  const rows = await ex
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.userId, userId), inArray(sql`lower(${tags.name})`, lowered)));
  for (const row of rows) ids.set(row.name.toLowerCase(), row.id);
  return ids;
}

export async function tagIdsOfItems(ex: Executor, itemIds: number[]): Promise<number[]> {
  if (itemIds.length === 0) return [];
  const rows = await ex
    .selectDistinct({ tagId: itemTags.tagId })
    .from(itemTags)
    .where(inArray(itemTags.itemId, itemIds));
  return rows.map((r) => r.tagId);
}

export async function replaceItemTags(
  ex: Executor,
  userId: number,
  itemId: number,
  tagIds: number[],
): Promise<void> {
  await ex.delete(itemTags).where(eq(itemTags.itemId, itemId));
  if (tagIds.length === 0) return;
  await ex.insert(itemTags).values(tagIds.map((tagId, position) => ({ itemId, tagId, userId, position })));
}

/** Recounts the given tags from item_tags, and removes tags no item carries any more. */
export async function recountTags(ex: Executor, tagIds: number[]): Promise<void> {
  if (tagIds.length === 0) return;
  const list = sql.join(
    tagIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await ex.execute(sql`
    UPDATE tags SET
      item_count = (SELECT count(*) FROM item_tags it WHERE it.tag_id = tags.id),
      public_count = (SELECT count(*) FROM item_tags it JOIN items i ON i.id = it.item_id
                      WHERE it.tag_id = tags.id AND NOT i.private)
    WHERE tags.id IN (${list})`);
  await ex.execute(sql`DELETE FROM tags WHERE id IN (${list}) AND item_count = 0`);
}

export async function touchTags(ex: Executor, tagIds: number[], at: Date): Promise<void> {
  if (tagIds.length === 0) return;
  await ex.update(tags).set({ lastUsedAt: at }).where(inArray(tags.id, tagIds));
}

/** Top tags among the given items, by count. */
export async function tagCountsForItems(
  ex: Executor,
  itemIdsQuery: ReturnType<typeof sql>,
  limit: number,
): Promise<{ name: string; count: number }[]> {
  return queryRows(
    ex,
    sql`SELECT t.name, count(*)::int AS count
        FROM item_tags it JOIN tags t ON t.id = it.tag_id
        WHERE it.item_id IN (${itemIdsQuery})
        GROUP BY t.id, t.name ORDER BY count DESC, lower(t.name) LIMIT ${limit}`,
  );
}

export async function topTags(
  ex: Executor,
  userId: number,
  publicOnly: boolean,
  limit: number,
): Promise<{ name: string; count: number }[]> {
  const count = publicOnly ? tags.publicCount : tags.itemCount;
  return ex
    .select({ name: tags.name, count })
    .from(tags)
    .where(and(eq(tags.userId, userId), sql`${count} > 0`))
    .orderBy(sql`${count} DESC`, sql`lower(${tags.name})`)
    .limit(limit);
}
