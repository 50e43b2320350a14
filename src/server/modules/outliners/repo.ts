import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { OutlinerSort } from '../../../shared/schemas/outliners.ts';
import { type Executor, queryRows } from '../../db/client.ts';
import { outlinerEntries, outlinerSettings, outliners } from '../../db/schema.ts';
import type { Authorized } from '../../policies/authorized.ts';

export type OutlinerRow = typeof outliners.$inferSelect;
export type EntryRow = typeof outlinerEntries.$inferSelect;
export type NewEntry = typeof outlinerEntries.$inferInsert;
/** An outliner the outliner policy (policies/outliner.ts) let the caller change: a write here needs it. */
type Owned = Authorized<'outliner', { id: number }>;

/** An entry with what its item or highlight shows now. */
export interface TreeRow {
  id: number;
  parent_id: number | null;
  position: string;
  kind: string;
  text: string;
  note: string;
  collapsed: boolean;
  link_id: number | null;
  ann_id: number | null;
  title: string | null;
  url: string | null;
  item_type: string | null;
  quote: string | null;
  color: string | null;
  ann_md5: string | null;
}

export async function insertOutliner(
  ex: Executor,
  values: { userId: number; title: string; description?: string; now: Date },
): Promise<OutlinerRow> {
  const [row] = await ex
    .insert(outliners)
    .values({
      userId: values.userId,
      title: values.title,
      description: values.description ?? '',
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  return row!;
}

export async function findOutliner(ex: Executor, id: number, opts: { lock?: boolean } = {}) {
  const query = ex.select().from(outliners).where(eq(outliners.id, id));
  const [row] = await (opts.lock ? query.for('update') : query);
  return row;
}

export async function findByShareKey(ex: Executor, shareKey: string) {
  const [row] = await ex.select().from(outliners).where(eq(outliners.shareKey, shareKey));
  return row;
}

const ORDER: Record<OutlinerSort, SQL> = {
  title: sql`lower(${outliners.title})`,
  updated: sql`${outliners.updatedAt}`,
  created: sql`${outliners.createdAt}`,
};

export async function listOutliners(
  ex: Executor,
  userId: number,
  opts: { search?: string; sort: OutlinerSort; order: 'asc' | 'desc' },
): Promise<(OutlinerRow & { entryCount: number })[]> {
  const search = opts.search?.trim();
  const pattern = search ? `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const direction = opts.order === 'asc' ? asc : desc;
  return ex
    .select({
      ...getOutlinerColumns(),
      // Every entry, nested ones too. The outer id is named with its table: in a one-table select
      // Drizzle writes `${outliners.id}` as a bare "id", which here means the entry's own id.
      entryCount: sql<number>`(SELECT count(*)::int FROM ${outlinerEntries} e WHERE e.outliner_id = ${outliners}.id)`,
    })
    .from(outliners)
    .where(and(eq(outliners.userId, userId), pattern ? sql`${outliners.title} ILIKE ${pattern}` : undefined))
    .orderBy(direction(ORDER[opts.sort]), direction(outliners.id));
}

function getOutlinerColumns() {
  return {
    id: outliners.id,
    userId: outliners.userId,
    title: outliners.title,
    description: outliners.description,
    privacy: outliners.privacy,
    shareKey: outliners.shareKey,
    createdAt: outliners.createdAt,
    updatedAt: outliners.updatedAt,
    treeVersion: outliners.treeVersion,
  };
}

export async function updateOutliner(
  ex: Executor,
  outliner: Owned,
  set: Partial<Pick<OutlinerRow, 'title' | 'description' | 'privacy' | 'shareKey' | 'updatedAt'>>,
): Promise<OutlinerRow> {
  const [row] = await ex.update(outliners).set(set).where(eq(outliners.id, outliner.id)).returning();
  return row!;
}

export async function deleteOutliner(ex: Executor, outliner: Owned): Promise<void> {
  await ex.delete(outliners).where(eq(outliners.id, outliner.id));
}

export async function countOutliners(ex: Executor, userId: number): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(outliners)
    .where(eq(outliners.userId, userId));
  return row?.n ?? 0;
}

export async function entryCount(ex: Executor, outlinerId: number): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(outlinerEntries)
    .where(eq(outlinerEntries.outlinerId, outlinerId));
  return row?.n ?? 0;
}

/**
 * The whole tree in one query, with what each item or highlight entry shows. The join reads items
 * and annotations only through the entries of this one outliner. The rows come back as one JSON
 * array (json_agg of whole rows, several times faster than json_build_object per row): thousands of
 * rows cost the drivers (PGlite most) far more to decode one by one than the database takes to find
 * them (docs/benchmarks.md, outliner tree).
 */
export async function treeOf(ex: Executor, outlinerId: number, onlyIds?: number[]): Promise<TreeRow[]> {
  const only = onlyIds ? sql`AND e.id = ANY(${`{${onlyIds.join(',')}}`}::bigint[])` : sql``;
  const [row] = await queryRows<{ tree: string }>(
    ex,
    sql`
      SELECT coalesce(json_agg(r), '[]')::text AS tree FROM (
        SELECT e.id, e.parent_id, e.position, e.kind, e.text, e.note, e.collapsed, e.link_id, e.ann_id,
          i.title, i.url, i.type AS item_type, a.content AS quote, a.color, a.ann_md5
        FROM outliner_entries e
        LEFT JOIN items i ON i.id = e.link_id
        LEFT JOIN annotations a ON a.id = e.ann_id
        WHERE e.outliner_id = ${outlinerId} ${only} AND i.trashed_at IS NULL
      ) r`,
  );
  return JSON.parse(row?.tree ?? '[]') as TreeRow[];
}

export async function findEntry(
  ex: Executor,
  outlinerId: number,
  entryId: number,
  opts: { lock?: boolean } = {},
) {
  const query = ex
    .select()
    .from(outlinerEntries)
    .where(and(eq(outlinerEntries.id, entryId), eq(outlinerEntries.outlinerId, outlinerId)));
  const [row] = await (opts.lock ? query.for('update') : query);
  return row;
}

/** The keys of an entry's children (parentId null: the top level), in order. */
export function siblingsOf(
  ex: Executor,
  outlinerId: number,
  parentId: number | null,
): Promise<{ id: number; position: string }[]> {
  return ex
    .select({ id: outlinerEntries.id, position: outlinerEntries.position })
    .from(outlinerEntries)
    .where(
      and(
        eq(outlinerEntries.outlinerId, outlinerId),
        parentId === null ? isNull(outlinerEntries.parentId) : eq(outlinerEntries.parentId, parentId),
      ),
    )
    .orderBy(asc(outlinerEntries.position), asc(outlinerEntries.id));
}

export async function insertEntries(ex: Executor, rows: NewEntry[]): Promise<EntryRow[]> {
  if (rows.length === 0) return [];
  return ex.insert(outlinerEntries).values(rows).returning();
}

export async function updateEntry(
  ex: Executor,
  id: number,
  set: Partial<Pick<EntryRow, 'text' | 'note' | 'collapsed' | 'parentId' | 'position' | 'updatedAt'>>,
): Promise<void> {
  await ex.update(outlinerEntries).set(set).where(eq(outlinerEntries.id, id));
}

/** New keys for many siblings at once (a respacing). */
export async function setPositions(ex: Executor, rows: { id: number; position: string }[]): Promise<void> {
  if (rows.length === 0) return;
  const ids = `{${rows.map((r) => r.id).join(',')}}`;
  const keys = `{${rows.map((r) => JSON.stringify(r.position)).join(',')}}`;
  await ex.execute(sql`
    UPDATE outliner_entries e SET position = v.position
    FROM unnest(${ids}::bigint[], ${keys}::text[]) AS v(id, position)
    WHERE e.id = v.id`);
}

/** The entry and every entry above it, up to the top level. */
export async function ancestorsOf(ex: Executor, entryId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`
      WITH RECURSIVE up(id, parent_id) AS (
        SELECT id, parent_id FROM outliner_entries WHERE id = ${entryId}
        UNION ALL
        SELECT e.id, e.parent_id FROM outliner_entries e JOIN up ON e.id = up.parent_id
      )
      SELECT id::float8 AS id FROM up`,
  );
  return rows.map((r) => r.id);
}

/** The entry and everything under it. */
export async function subtreeOf(ex: Executor, entryId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`
      WITH RECURSIVE down(id) AS (
        SELECT id FROM outliner_entries WHERE id = ${entryId}
        UNION ALL
        SELECT e.id FROM outliner_entries e JOIN down ON e.parent_id = down.id
      )
      SELECT id::float8 AS id FROM down`,
  );
  return rows.map((r) => r.id);
}

export async function deleteEntry(ex: Executor, id: number): Promise<void> {
  // children go with it (parent_id cascades)
  await ex.delete(outlinerEntries).where(eq(outlinerEntries.id, id));
}

/** Which of these items the outliner already holds as item entries. */
export async function heldItems(ex: Executor, outlinerId: number, linkIds: number[]): Promise<Set<number>> {
  if (linkIds.length === 0) return new Set();
  const rows = await ex
    .select({ linkId: outlinerEntries.linkId })
    .from(outlinerEntries)
    .where(
      and(
        eq(outlinerEntries.outlinerId, outlinerId),
        eq(outlinerEntries.kind, 'item'),
        inArray(outlinerEntries.linkId, linkIds),
      ),
    );
  return new Set(rows.map((r) => r.linkId!));
}

/** The last key at the top level (new entries from the library go after it). */
export async function lastTopPosition(ex: Executor, outlinerId: number): Promise<string | null> {
  const [row] = await ex
    .select({ position: outlinerEntries.position })
    .from(outlinerEntries)
    .where(and(eq(outlinerEntries.outlinerId, outlinerId), isNull(outlinerEntries.parentId)))
    .orderBy(desc(outlinerEntries.position))
    .limit(1);
  return row?.position ?? null;
}

export async function touchOutliner(ex: Executor, outliner: Owned, now: Date): Promise<void> {
  await ex.update(outliners).set({ updatedAt: now }).where(eq(outliners.id, outliner.id));
}

export async function findSettings(ex: Executor, userId: number) {
  const [row] = await ex.select().from(outlinerSettings).where(eq(outlinerSettings.userId, userId));
  return { showQuota: row?.showQuota ?? true, sourceLink: row?.sourceLink ?? true };
}

export async function saveSettings(
  ex: Executor,
  userId: number,
  set: Partial<{ showQuota: boolean; sourceLink: boolean }>,
) {
  const [row] = await ex
    .insert(outlinerSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: outlinerSettings.userId, set })
    .returning();
  return { showQuota: row!.showQuota, sourceLink: row!.sourceLink };
}

/**
 * A highlight by id, with its item (whose access the caller then checks through items/access.ts):
 * the one read of the annotations table this module makes besides the tree's join.
 */
export async function findAnnotation(ex: Executor, annId: number) {
  const rows = await queryRows<{ id: number; item_id: number; content: string }>(
    ex,
    sql`SELECT id::float8 AS id, item_id::float8 AS item_id, content FROM annotations WHERE id = ${annId}`,
  );
  return rows[0];
}

/** Reserves n entry ids (an import inserts parents and children in one go). */
export async function reserveEntryIds(ex: Executor, n: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    ex,
    sql`SELECT nextval(pg_get_serial_sequence('outliner_entries', 'id'))::float8 AS id FROM generate_series(1, ${n})`,
  );
  return rows.map((r) => r.id);
}

/** The items the outliner holds as item entries (their library rows change with it). */
export async function itemsHeldBy(ex: Executor, outlinerId: number): Promise<number[]> {
  const rows = await ex
    .selectDistinct({ linkId: outlinerEntries.linkId })
    .from(outlinerEntries)
    .where(and(eq(outlinerEntries.outlinerId, outlinerId), eq(outlinerEntries.kind, 'item')));
  return rows.map((r) => r.linkId!).filter((id) => id !== null);
}

/** Item entries among these entries (a removed subtree's items). */
export async function itemsOfEntries(ex: Executor, entryIds: number[]): Promise<number[]> {
  if (entryIds.length === 0) return [];
  const rows = await ex
    .selectDistinct({ linkId: outlinerEntries.linkId })
    .from(outlinerEntries)
    .where(and(inArray(outlinerEntries.id, entryIds), eq(outlinerEntries.kind, 'item')));
  return rows.map((r) => r.linkId!).filter((id) => id !== null);
}

/** Duplicates' merge: the entries of `fromIds` (items and their highlights) now show `toId`. */
export async function moveItemEntries(ex: Executor, fromIds: number[], toId: number): Promise<void> {
  if (fromIds.length === 0) return;
  await ex.update(outlinerEntries).set({ linkId: toId }).where(inArray(outlinerEntries.linkId, fromIds));
}
