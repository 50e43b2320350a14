import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { itemPages, itemPageVersions } from '../../db/schema.ts';
import type { Authorized } from '../../policies/authorized.ts';
import type { ItemRow } from '../items/row.ts';

/**
 * Earlier page copies (an "Update copy" keeps the one it replaces): the reader can switch to them,
 * and highlights not found on the newer copy stay on them.
 */

/** Moves the item's current copy into its versions; answers the version's id (null: no copy). */
export async function archiveCurrentCopy(
  tx: Executor,
  item: Authorized<'item', ItemRow>,
  now: Date,
): Promise<number | null> {
  const [page] = await tx.select().from(itemPages).where(eq(itemPages.itemId, item.id)).limit(1);
  if (!page) return null;
  const [row] = await tx
    .insert(itemPageVersions)
    .values({
      itemId: item.id,
      userId: page.userId,
      sourceUrl: page.sourceUrl,
      finalUrl: page.finalUrl,
      title: page.title,
      html: page.html,
      text: page.text,
      pictures: page.pictures,
      capturedAt: page.capturedAt,
      replacedAt: now,
    })
    .returning({ id: itemPageVersions.id });
  return row!.id;
}

/** An item's versions, newest first. */
export function versionsOf(ex: Executor, itemId: number) {
  return ex
    .select({
      id: itemPageVersions.id,
      title: itemPageVersions.title,
      capturedAt: itemPageVersions.capturedAt,
      replacedAt: itemPageVersions.replacedAt,
    })
    .from(itemPageVersions)
    .where(eq(itemPageVersions.itemId, itemId))
    .orderBy(desc(itemPageVersions.id));
}

export async function findVersion(ex: Executor, itemId: number, versionId: number) {
  const [row] = await ex
    .select({
      id: itemPageVersions.id,
      title: itemPageVersions.title,
      html: itemPageVersions.html,
      capturedAt: itemPageVersions.capturedAt,
      replacedAt: itemPageVersions.replacedAt,
    })
    .from(itemPageVersions)
    .where(and(eq(itemPageVersions.itemId, itemId), eq(itemPageVersions.id, versionId)))
    .limit(1);
  return row;
}

/** Pictures the user's earlier copies show (the blob sweep keeps them with the current copies'). */
export async function versionPictureKeysOf(ex: Executor, userId: number): Promise<string[]> {
  const rows = await ex
    .select({ pictures: itemPageVersions.pictures })
    .from(itemPageVersions)
    .where(eq(itemPageVersions.userId, userId));
  return rows.flatMap((r) => r.pictures);
}
