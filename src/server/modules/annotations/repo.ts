import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { annotations, items, stickyNotes } from '../../db/schema.ts';

export type AnnotationRow = typeof annotations.$inferSelect;
export type NewAnnotation = typeof annotations.$inferInsert;
export type StickyNoteRow = typeof stickyNotes.$inferSelect;

/** The caller's item, locked until the transaction ends so its annotation count stays right. */
export async function lockOwnItem(
  ex: Executor,
  userId: number,
  itemId: number,
): Promise<{ id: number; type: string } | undefined> {
  const [row] = await ex
    .select({ id: items.id, type: items.type })
    .from(items)
    .where(and(eq(items.id, itemId), eq(items.userId, userId)))
    .for('update');
  return row;
}

/** The caller's annotation on that item, locked for the change. */
export async function lockOwnAnnotation(
  ex: Executor,
  userId: number,
  itemId: number,
  annotationId: number,
): Promise<AnnotationRow | undefined> {
  const [row] = await ex
    .select()
    .from(annotations)
    .where(
      and(eq(annotations.id, annotationId), eq(annotations.userId, userId), eq(annotations.itemId, itemId)),
    )
    .for('update');
  return row;
}

/** Inserts the annotations whose ann_md5 the item does not have yet; returns only the new rows. */
export async function insertNew(ex: Executor, values: NewAnnotation[]): Promise<AnnotationRow[]> {
  if (values.length === 0) return [];
  return ex.insert(annotations).values(values).onConflictDoNothing().returning();
}

export async function findByMd5(ex: Executor, itemId: number, md5s: string[]): Promise<AnnotationRow[]> {
  if (md5s.length === 0) return [];
  return ex
    .select()
    .from(annotations)
    .where(and(eq(annotations.itemId, itemId), inArray(annotations.annMd5, md5s)));
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

/**
 * Sets items.annotation_count from the rows themselves, so it never drifts; says whether the item
 * gained its first annotation or lost its last (its tags' Annotated counts then change).
 */
export async function recountItem(
  ex: Executor,
  itemId: number,
): Promise<{ count: number; annotatedChanged: boolean }> {
  const [before] = await ex.select({ n: items.annotationCount }).from(items).where(eq(items.id, itemId));
  const [row] = await ex
    .update(items)
    .set({
      annotationCount: sql`(SELECT count(*)::int FROM ${annotations} WHERE ${annotations.itemId} = ${itemId})`,
    })
    .where(eq(items.id, itemId))
    .returning({ n: items.annotationCount });
  const count = row?.n ?? 0;
  return { count, annotatedChanged: before !== undefined && before.n > 0 !== count > 0 };
}

/** recountItem for many items in two statements: the ids whose items gained a first or lost a last annotation. */
export async function recountItems(ex: Executor, itemIds: number[]): Promise<number[]> {
  if (itemIds.length === 0) return [];
  const before = await ex
    .select({ id: items.id, n: items.annotationCount })
    .from(items)
    .where(inArray(items.id, itemIds));
  const after = await ex
    .update(items)
    .set({
      annotationCount: sql`(SELECT count(*)::int FROM ${annotations} WHERE ${annotations.itemId} = ${items.id})`,
    })
    .where(inArray(items.id, itemIds))
    .returning({ id: items.id, n: items.annotationCount });
  const was = new Map(before.map((r) => [r.id, r.n]));
  return after.filter((r) => (was.get(r.id) ?? 0) > 0 !== r.n > 0).map((r) => r.id);
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
  values: (typeof stickyNotes.$inferInsert)[],
): Promise<StickyNoteRow[]> {
  if (values.length === 0) return [];
  return ex.insert(stickyNotes).values(values).returning();
}

export async function lockOwnStickyNote(
  ex: Executor,
  userId: number,
  itemId: number,
  id: number,
): Promise<StickyNoteRow | undefined> {
  const [row] = await ex
    .select()
    .from(stickyNotes)
    .where(and(eq(stickyNotes.id, id), eq(stickyNotes.userId, userId), eq(stickyNotes.itemId, itemId)))
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
