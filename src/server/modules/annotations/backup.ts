import { asc, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { annotations, stickyNotes } from '../../db/schema.ts';
import type { Authorized } from '../../policies/authorized.ts';
import type { ItemRow } from '../items/row.ts';
import { annotationMd5 } from './presenter.ts';
import * as repo from './repo.ts';

/**
 * The annotations side of the Folio backup (modules/backup): an item's own highlights, float notes
 * and Kindle highlights with their sticky notes, read for a page of items, and written back with
 * every field. The group layer (group_annotations) belongs to the groups, not to one library.
 */

export type AnnotationRow = typeof annotations.$inferSelect;
export type StickyNoteRow = typeof stickyNotes.$inferSelect;
export type OwnAnnotation = AnnotationRow & { stickyNotes: StickyNoteRow[] };

/** The annotations of these items, each with its sticky notes, by item, in id order. */
export async function annotationsOfItems(
  ex: Executor,
  itemIds: number[],
): Promise<Map<number, OwnAnnotation[]>> {
  const out = new Map<number, OwnAnnotation[]>();
  if (!itemIds.length) return out;
  const rows = await ex
    .select()
    .from(annotations)
    .where(inArray(annotations.itemId, itemIds))
    .orderBy(asc(annotations.id));
  const notes = await ex
    .select()
    .from(stickyNotes)
    .where(inArray(stickyNotes.itemId, itemIds))
    .orderBy(asc(stickyNotes.id));
  const byAnnotation = new Map<number, OwnAnnotation>();
  for (const row of rows) {
    const annotation = { ...row, stickyNotes: [] };
    byAnnotation.set(row.id, annotation);
    out.set(row.itemId, [...(out.get(row.itemId) ?? []), annotation]);
  }
  for (const note of notes) byAnnotation.get(note.annotationId)?.stickyNotes.push(note);
  return out;
}

/** An annotation as a backup holds it (its source id names it in outliner entries). */
export interface RestoredAnnotation {
  sourceId: number;
  shape: number;
  content: string;
  annMd5: string;
  color: string;
  selector: unknown;
  anchored: boolean | null;
  createdAt: Date;
  updatedAt: Date;
  stickyNotes: { content: string; sMode: number; createdAt: Date; updatedAt: Date }[];
}

/**
 * Writes a restored item's annotations with every field; one the item has already (its ann_md5) is
 * the same annotation and is not written again, nor are its sticky notes. Answers the new ids by
 * source id, those found too, and the item's annotation count after. Restored annotations are the
 * owner's own and take no quota: the quota counted them when they were made.
 */
export async function restoreAnnotations(
  tx: Executor,
  item: Authorized<'item', ItemRow>,
  sourceItemId: number,
  given: RestoredAnnotation[],
): Promise<{ ids: Map<number, number>; count: number }> {
  const ids = new Map<number, number>();
  // an ann_md5 made from the item's id is made again from its new id (a highlight made again on
  // the restored item is then the same one); one of the Kindle import's (book, location) stays
  const incoming = given.map((a) =>
    a.annMd5 === annotationMd5(sourceItemId, a.shape, a.selector, a.content)
      ? { ...a, annMd5: annotationMd5(item.id, a.shape, a.selector, a.content) }
      : a,
  );
  if (incoming.length) {
    const made = await repo.insertNew(
      tx,
      [item],
      incoming.map((a) => ({
        userId: item.userId,
        itemId: item.id,
        shape: a.shape,
        content: a.content,
        annMd5: a.annMd5,
        color: a.color,
        selector: a.selector,
        anchored: a.anchored,
        createdAt: a.createdAt,
        updatedAt: a.updatedAt,
      })),
    );
    const byMd5 = new Map(made.map((row) => [row.annMd5, row.id]));
    const notes: Parameters<typeof repo.insertStickyNotes>[2] = [];
    for (const a of incoming) {
      const id = byMd5.get(a.annMd5);
      if (id === undefined) continue;
      ids.set(a.sourceId, id);
      for (const note of a.stickyNotes)
        notes.push({ ...note, itemId: item.id, userId: item.userId, annotationId: id });
    }
    await repo.insertStickyNotes(tx, [item], notes);
    const found = await repo.findByMd5s(
      tx,
      [item.id],
      incoming.filter((a) => !byMd5.has(a.annMd5)).map((a) => a.annMd5),
    );
    const foundByMd5 = new Map(found.map((row) => [row.annMd5, row.id]));
    for (const a of incoming) {
      const id = foundByMd5.get(a.annMd5);
      if (id !== undefined) ids.set(a.sourceId, id);
    }
  }
  return { ids, count: await repo.countOfItem(tx, item.id) };
}
