import { and, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import { itemTags, tags } from '../../db/schema.ts';

/**
 * Ids of the user's tags with these names (case-insensitive), creating the missing ones and marking
 * them used at `at`. These and the item's current tags are locked, in one statement in id order,
 * until the transaction ends: two writers tagging the same tags wait for each other instead of
 * deadlocking, and one taking a tag's last item away cannot drop it before this one uses it.
 */
export async function ensureTags(
  ex: Executor,
  userId: number,
  itemId: number | null,
  names: string[],
  at: Date,
): Promise<Map<string, number>> {
  const byLower = new Map<string, string>();
  for (const name of names) if (!byLower.has(name.toLowerCase())) byLower.set(name.toLowerCase(), name);
  const lowered = [...byLower.keys()].sort();
  const ids = new Map<string, number>();
  // a tag dropped by a concurrent writer between the insert and the lock is inserted again
  for (let attempt = 0; ; attempt += 1) {
    if (lowered.length > 0) {
      await ex
        .insert(tags)
        .values(lowered.map((l) => ({ userId, name: byLower.get(l)!, lastUsedAt: at })))
        .onConflictDoNothing();
    }
    const named = lowered.length
      ? sql`lower(name) IN (${sql.join(
          lowered.map((l) => sql`${l}`),
          sql`, `,
        )})`
      : sql`false`;
    const rows = await queryRows<{ id: string | number; name: string }>(
      ex,
      sql`SELECT id, name FROM tags
          WHERE user_id = ${userId} AND (${named} OR id IN (SELECT tag_id FROM item_tags WHERE item_id = ${itemId}))
          ORDER BY id FOR NO KEY UPDATE`,
    );
    for (const row of rows)
      if (byLower.has(row.name.toLowerCase())) ids.set(row.name.toLowerCase(), Number(row.id));
    if (ids.size === lowered.length || attempt === 3) break;
  }
  if (ids.size > 0)
    await ex
      .update(tags)
      .set({ lastUsedAt: at })
      .where(inArray(tags.id, [...ids.values()]));
  return ids;
}

/**
 * Gives the item exactly these tags in this order. Only the tags it loses or gains are deleted or
 * inserted, so the counter triggers (migration 0009) never see a kept tag leave and come back.
 */
export async function replaceItemTags(
  ex: Executor,
  userId: number,
  itemId: number,
  tagIds: number[],
): Promise<void> {
  await ex
    .delete(itemTags)
    .where(and(eq(itemTags.itemId, itemId), tagIds.length ? notInArray(itemTags.tagId, tagIds) : undefined));
  if (tagIds.length === 0) return;
  await ex
    .insert(itemTags)
    .values(tagIds.map((tagId, position) => ({ itemId, tagId, userId, position })))
    .onConflictDoUpdate({
      target: [itemTags.itemId, itemTags.tagId],
      set: { position: sql`excluded.position` },
      setWhere: sql`${itemTags.position} <> excluded.position`,
    });
}

/** Tags of items that have none yet, in one INSERT (positions in the order given). */
export async function insertItemTags(
  ex: Executor,
  userId: number,
  tagged: { itemId: number; tagIds: number[] }[],
): Promise<void> {
  const rows = tagged.flatMap((t) =>
    t.tagIds.map((tagId, position) => ({ itemId: t.itemId, tagId, userId, position })),
  );
  if (rows.length) await ex.insert(itemTags).values(rows).onConflictDoNothing();
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
  return (
    ex
      .select({ name: tags.name, count })
      .from(tags)
      .where(and(eq(tags.userId, userId), sql`${count} > 0`))
      // ties by id so the (user_id, item_count) index gives the order without sorting every tag
      .orderBy(sql`${count} DESC NULLS LAST`, tags.id)
      .limit(limit)
  );
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface TagListFilter {
  userId: number;
  publicOnly: boolean;
  /** the tag row's counter for the tab, when one is kept (the owner's tabs, a visitor's all) */
  counter: SQL | null;
  /** otherwise: the items the tab counts (of a type, unread, annotated), counted through item_tags */
  itemFilter: SQL;
  nav?: string;
  search?: string;
  sort: 'top' | 'recent' | 'name';
  limit: number;
  offset: number;
}

/** One page of tags with counts, and how many tags match in all. */
export async function listTags(
  ex: Executor,
  f: TagListFilter,
): Promise<{ tags: { name: string; count: number }[]; total: number }> {
  const nameConds: SQL[] = [];
  if (f.nav === 'other') nameConds.push(sql`t.name !~ '^[A-Za-z]'`);
  else if (f.nav) nameConds.push(sql`lower(t.name) LIKE ${`${f.nav.toLowerCase()}%`}`);
  if (f.search) nameConds.push(sql`lower(t.name) LIKE ${`%${escapeLike(f.search.toLowerCase())}%`}`);
  const nameWhere = nameConds.length ? sql` AND ${sql.join(nameConds, sql` AND `)}` : sql``;
  // NULLS LAST as the indexes are built (drizzle's .desc()), so a top-N reads the index in order
  const order =
    f.sort === 'name'
      ? sql`lower(name), name`
      : f.sort === 'recent'
        ? sql`last_used_at DESC NULLS LAST, lower(name)`
        : sql`count DESC NULLS LAST, lower(name)`;

  if (f.counter) {
    // Counts kept on the tag row: the page reads an index in order where one exists, and the
    // total is a separate count, not a window over every tag.
    const countColumn = f.counter;
    const counted = sql`SELECT t.name, t.last_used_at, ${countColumn} AS count FROM tags t
          WHERE t.user_id = ${f.userId} ${nameWhere}`;
    const rows = await queryRows<{ name: string; count: number }>(
      ex,
      sql`SELECT name, count FROM (${counted}) c WHERE count > 0 ORDER BY ${order} LIMIT ${f.limit} OFFSET ${f.offset}`,
    );
    const [row] = await queryRows<{ n: number }>(
      ex,
      sql`SELECT count(*)::int AS n FROM tags t WHERE t.user_id = ${f.userId} AND ${countColumn} > 0 ${nameWhere}`,
    );
    return { tags: rows.map((r) => ({ name: r.name, count: Number(r.count) })), total: row!.n };
  }

  // A visitor's narrower tabs count public items through item_tags.
  const counted = sql`SELECT t.name, t.last_used_at, c.count FROM (
          SELECT it.tag_id, count(*)::int AS count
          FROM items i JOIN item_tags it ON it.item_id = i.id
          WHERE i.user_id = ${f.userId} AND i.trashed_at IS NULL AND ${f.itemFilter} ${f.publicOnly ? sql`AND NOT i.private` : sql``}
          GROUP BY it.tag_id) c
        JOIN tags t ON t.id = c.tag_id WHERE true ${nameWhere}`;
  const rows = await queryRows<{ name: string; count: number; total: number }>(
    ex,
    sql`SELECT name, count, count(*) OVER ()::int AS total FROM (${counted}) c WHERE count > 0
        ORDER BY ${order} LIMIT ${f.limit} OFFSET ${f.offset}`,
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && f.offset > 0) {
    const [row] = await queryRows<{ n: number }>(
      ex,
      sql`SELECT count(*)::int AS n FROM (${counted}) c WHERE count > 0`,
    );
    total = row!.n;
  }
  return { tags: rows.map((r) => ({ name: r.name, count: Number(r.count) })), total };
}

/** Exact match first, then prefix, then any substring; busier tags first within each. */
export async function suggestTags(ex: Executor, userId: number, q: string, limit: number): Promise<string[]> {
  const lowered = q.toLowerCase();
  const like = escapeLike(lowered);
  const rows = await queryRows<{ name: string }>(
    ex,
    sql`SELECT name FROM tags
        WHERE user_id = ${userId} AND item_count > 0 AND lower(name) LIKE ${`%${like}%`}
        ORDER BY (lower(name) = ${lowered}) DESC, (lower(name) LIKE ${`${like}%`}) DESC, item_count DESC, lower(name)
        LIMIT ${limit}`,
  );
  return rows.map((r) => r.name);
}

export async function findTagByName(ex: Executor, userId: number, name: string) {
  const [row] = await ex
    .select()
    .from(tags)
    .where(and(eq(tags.userId, userId), sql`lower(${tags.name}) = lower(${name})`))
    .limit(1);
  return row;
}

/** Gives every item of `fromId` the tag `toId` too, in the same place (items that carry it already keep theirs). */
export async function copyTagOnto(ex: Executor, fromId: number, toId: number): Promise<void> {
  await ex.execute(sql`
    INSERT INTO item_tags (item_id, tag_id, user_id, position)
    SELECT item_id, ${toId}, user_id, position FROM item_tags WHERE tag_id = ${fromId}
    ON CONFLICT (item_id, tag_id) DO NOTHING`);
}

/** Moves every item of `fromId` onto `toId` (skipping items that already carry it), then drops `fromId`. */
export async function mergeTag(ex: Executor, fromId: number, toId: number): Promise<void> {
  await copyTagOnto(ex, fromId, toId);
  await ex.delete(tags).where(eq(tags.id, fromId));
}

export async function renameTag(ex: Executor, tagId: number, name: string): Promise<void> {
  await ex.update(tags).set({ name }).where(eq(tags.id, tagId));
}

export async function deleteTag(ex: Executor, tagId: number): Promise<void> {
  await ex.delete(tags).where(eq(tags.id, tagId));
}

/** The user's tags that appear as whole words in the text (case-insensitive), busiest first. */
export async function tagsMentionedIn(
  ex: Executor,
  userId: number,
  words: string[],
  limit: number,
): Promise<string[]> {
  if (words.length === 0) return [];
  const rows = await queryRows<{ name: string }>(
    ex,
    sql`SELECT name FROM tags WHERE user_id = ${userId} AND item_count > 0
        AND lower(name) IN (${sql.join(
          words.map((w) => sql`${w}`),
          sql`, `,
        )})
        ORDER BY item_count DESC, lower(name) LIMIT ${limit}`,
  );
  return rows.map((r) => r.name);
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
