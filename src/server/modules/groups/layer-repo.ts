import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { groupAnnotations, groupItems, groupMembers, groups } from '../../db/schema.ts';

export type GroupAnnotationRow = typeof groupAnnotations.$inferSelect;

/** The group layer's own annotations of these items, float notes first, then oldest first. */
export async function layerOfItems(ex: Executor, groupId: number, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return ex
    .select()
    .from(groupAnnotations)
    .where(and(eq(groupAnnotations.groupId, groupId), inArray(groupAnnotations.itemId, itemIds)))
    .orderBy(sql`(${groupAnnotations.shape} = 2) DESC`, asc(groupAnnotations.id));
}

export async function insertAnnotation(ex: Executor, values: typeof groupAnnotations.$inferInsert) {
  const [row] = await ex.insert(groupAnnotations).values(values).returning();
  return row!;
}

/** The same highlight made twice by one member is one annotation. */
export async function findByMd5(ex: Executor, groupId: number, userId: number, itemId: number, md5: string) {
  const [row] = await ex
    .select()
    .from(groupAnnotations)
    .where(
      and(
        eq(groupAnnotations.groupId, groupId),
        eq(groupAnnotations.userId, userId),
        eq(groupAnnotations.itemId, itemId),
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

/** The groups an item is shared to, with their members: who hears of a change to its highlights. */
export async function audienceOfItems(ex: Executor, itemIds: number[]) {
  if (itemIds.length === 0) return [];
  return ex
    .selectDistinct({
      groupId: groupItems.groupId,
      gName: groups.gName,
      itemId: groupItems.itemId,
      userId: groupMembers.userId,
    })
    .from(groupItems)
    .innerJoin(groups, eq(groups.id, groupItems.groupId))
    .innerJoin(groupMembers, eq(groupMembers.groupId, groupItems.groupId))
    .where(inArray(groupItems.itemId, itemIds));
}
