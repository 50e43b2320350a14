import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { groupAnnotations } from '../../db/schema.ts';

/** The group scope's storage: a group's annotation layer (group_annotations). */
export type GroupAnnotationRow = typeof groupAnnotations.$inferSelect;
export type NewGroupAnnotation = typeof groupAnnotations.$inferInsert;

/** The group layer's own annotations of these items, float notes first, then oldest first. */
export async function layerOfItems(ex: Executor, groupId: number, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return ex
    .select()
    .from(groupAnnotations)
    .where(and(eq(groupAnnotations.groupId, groupId), inArray(groupAnnotations.itemId, itemIds)))
    .orderBy(sql`(${groupAnnotations.shape} = 2) DESC`, asc(groupAnnotations.id));
}

/** Inserts the annotation unless its author has it in the layer already (ann_md5); the new row or none. */
export async function insertNew(
  ex: Executor,
  values: NewGroupAnnotation,
): Promise<GroupAnnotationRow | undefined> {
  const [row] = await ex.insert(groupAnnotations).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findByMd5(ex: Executor, groupId: number, userId: number, itemId: number, md5: string) {
  const [row] = await ex
    .select()
    .from(groupAnnotations)
    .where(
      and(
        eq(groupAnnotations.groupId, groupId),
        eq(groupAnnotations.itemId, itemId),
        eq(groupAnnotations.userId, userId),
        eq(groupAnnotations.annMd5, md5),
      ),
    );
  return row;
}

/** One annotation of the group's layer, held until the transaction ends. */
export async function lockAnnotation(ex: Executor, groupId: number, id: number) {
  const [row] = await ex
    .select()
    .from(groupAnnotations)
    .where(and(eq(groupAnnotations.groupId, groupId), eq(groupAnnotations.id, id)))
    .for('update');
  return row;
}

export async function updateAnnotation(
  ex: Executor,
  id: number,
  values: Partial<Pick<GroupAnnotationRow, 'color' | 'note'>> & { updatedAt: Date },
) {
  const [row] = await ex.update(groupAnnotations).set(values).where(eq(groupAnnotations.id, id)).returning();
  return row!;
}

export async function deleteAnnotation(ex: Executor, id: number) {
  await ex.delete(groupAnnotations).where(eq(groupAnnotations.id, id));
}
