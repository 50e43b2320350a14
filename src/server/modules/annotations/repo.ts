import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client.ts';
import { annotations, stickyNotes } from '../../db/schema.ts';
import type { Authorized } from '../../policies/authorized.ts';

/** page_version_id is read only by Update copy's versions (reanchor.ts) */
export type AnnotationRow = Omit<typeof annotations.$inferSelect, 'pageVersionId'>;
export type NewAnnotation = typeof annotations.$inferInsert;
export type StickyNoteRow = typeof stickyNotes.$inferSelect;
/** An item the item policy (policies/item.ts) let the caller change: a write here needs it. */
type Checked = Authorized<'item', { id: number }>;

/** The annotation on that item, locked for the change. */
export async function lockAnnotation(
  ex: Executor,
  item: Checked,
  annotationId: number,
): Promise<AnnotationRow | undefined> {
  const [row] = await ex
    .select()
    .from(annotations)
    .where(and(eq(annotations.id, annotationId), eq(annotations.itemId, item.id)))
    .for('update');
  return row;
}

/** The rows, once each is known to belong to one of the items the caller was granted. */
function onGranted<T extends { itemId: number }>(granted: Checked[], values: T[]): T[] {
  const ids = new Set(granted.map((i) => i.id));
  for (const v of values) if (!ids.has(v.itemId)) throw new Error(`item ${v.itemId} was not granted`);
  return values;
}

/**
 * Inserts the annotations whose ann_md5 their item does not have yet (several items at once for
 * the Kindle import); returns only the new rows.
 */
export async function insertNew(
  ex: Executor,
  granted: Checked[],
  values: NewAnnotation[],
): Promise<AnnotationRow[]> {
  if (values.length === 0) return [];
  return ex.insert(annotations).values(onGranted(granted, values)).onConflictDoNothing().returning();
}

/** The annotations of any of these items with any of these md5s (Kindle import, a batch of books). */
export async function findByMd5s(ex: Executor, itemIds: number[], md5s: string[]): Promise<AnnotationRow[]> {
  if (itemIds.length === 0 || md5s.length === 0) return [];
  return ex
    .select()
    .from(annotations)
    .where(and(inArray(annotations.itemId, itemIds), inArray(annotations.annMd5, md5s)));
}

export async function setColor(ex: Executor, id: number, color: string, at: Date): Promise<void> {
  await ex.update(annotations).set({ color, updatedAt: at }).where(eq(annotations.id, id));
}

export async function deleteAnnotation(ex: Executor, id: number): Promise<void> {
  await ex.delete(annotations).where(eq(annotations.id, id));
}

/** How many annotations the item has (items keeps the count, see ItemsService.setAnnotationCount). */
export async function countOfItem(ex: Executor, itemId: number): Promise<number> {
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(annotations)
    .where(eq(annotations.itemId, itemId));
  return row?.n ?? 0;
}

/** How many annotations each of these items has. */
export async function countsOfItems(ex: Executor, itemIds: number[]): Promise<Map<number, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await ex
    .select({ id: annotations.itemId, n: sql<number>`count(*)::int` })
    .from(annotations)
    .where(inArray(annotations.itemId, itemIds))
    .groupBy(annotations.itemId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}
export async function stickyNotesOf(ex: Executor, annotationIds: number[]): Promise<StickyNoteRow[]> {
  if (annotationIds.length === 0) return [];
  return ex
    .select()
    .from(stickyNotes)
    .where(inArray(stickyNotes.annotationId, annotationIds))
    .orderBy(asc(stickyNotes.id));
}

export async function insertStickyNotes(
  ex: Executor,
  granted: Checked[],
  values: (typeof stickyNotes.$inferInsert)[],
): Promise<StickyNoteRow[]> {
  if (values.length === 0) return [];
  return ex.insert(stickyNotes).values(onGranted(granted, values)).returning();
}

/** The sticky note on that item, locked for the change. */
export async function lockStickyNote(
  ex: Executor,
  item: Checked,
  id: number,
): Promise<StickyNoteRow | undefined> {
  const [row] = await ex
    .select()
    .from(stickyNotes)
    .where(and(eq(stickyNotes.id, id), eq(stickyNotes.itemId, item.id)))
    .for('update');
  return row;
}

export async function updateStickyNote(
  ex: Executor,
  id: number,
  content: string,
  at: Date,
): Promise<StickyNoteRow> {
  const [row] = await ex
    .update(stickyNotes)
    .set({ content, updatedAt: at })
    .where(eq(stickyNotes.id, id))
    .returning();
  return row!;
}

export async function deleteStickyNote(ex: Executor, id: number): Promise<void> {
  await ex.delete(stickyNotes).where(eq(stickyNotes.id, id));
}

/** Every annotation of these items with its sticky notes, in one query, oldest first. */
export async function annotationsOfItems(
  ex: Executor,
  itemIds: number[],
): Promise<(AnnotationRow & { sticky: unknown })[]> {
  if (itemIds.length === 0) return [];
  return ex
    .select({
      id: annotations.id,
      userId: annotations.userId,
      itemId: annotations.itemId,
      shape: annotations.shape,
      content: annotations.content,
      annMd5: annotations.annMd5,
      color: annotations.color,
      selector: annotations.selector,
      anchored: annotations.anchored,
      createdAt: annotations.createdAt,
      updatedAt: annotations.updatedAt,
      sticky: sql<unknown>`coalesce((
        SELECT json_agg(json_build_object('id', s.id, 'content', s.content, 'sMode', s.s_mode) ORDER BY s.id)
        FROM sticky_notes s WHERE s.annotation_id = annotations.id
      ), '[]'::json)`,
    })
    .from(annotations)
    .where(inArray(annotations.itemId, itemIds))
    .orderBy(asc(annotations.itemId), asc(annotations.id));
}

/** How many quota-taking annotations these items hold (their units go back when they are deleted). */
export async function countShapes(
  ex: Executor,
  itemIds: number[],
  shapes: readonly number[],
): Promise<number> {
  if (itemIds.length === 0) return 0;
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(annotations)
    .where(and(inArray(annotations.itemId, itemIds), inArray(annotations.shape, [...shapes])));
  return row?.n ?? 0;
}

/**
 * Moves the annotations and sticky notes of `from` onto `to` (a merge of duplicates). A highlight
 * `to` already has (the same ann_md5) is not moved; it stays, and goes with its item. Returns how
 * many were moved.
 */
export async function moveToItem(ex: Executor, from: Checked[], to: Checked): Promise<number> {
  if (from.length === 0) return 0;
  const fromIds = from.map((i) => i.id);
  // one of two duplicates of the same highlight among the merged items themselves stays too
  const moved = await queryRows<{ id: number }>(
    ex,
    sql`
    UPDATE annotations a SET item_id = ${to.id}
    WHERE a.item_id IN (${sql.join(
      fromIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      AND NOT EXISTS (SELECT 1 FROM annotations k WHERE k.item_id = ${to.id} AND k.ann_md5 = a.ann_md5)
      AND a.id = (SELECT min(d.id) FROM annotations d WHERE d.ann_md5 = a.ann_md5 AND d.item_id IN (${sql.join(
        fromIds.map((id) => sql`${id}`),
        sql`, `,
      )}))
    RETURNING a.id`,
  );
  const ids = moved.map((r) => Number(r.id));
  // every sticky note hangs on an annotation (a page note is a floatNote annotation)
  if (ids.length > 0)
    await ex.update(stickyNotes).set({ itemId: to.id }).where(inArray(stickyNotes.annotationId, ids));
  return ids.length;
}
