import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { outlinerEntries, outliners } from '../../db/schema.ts';
import type { EntryRow, OutlinerRow } from './repo.ts';
import * as repo from './repo.ts';

/**
 * The outliners side of the Folio backup (modules/backup): a user's outliners and their trees (every
 * entry with its parent and fractional-index position), read an outliner at a time, and written back
 * with the restored items' and highlights' new ids in their entries.
 */

/** The next `limit` outliners of the user after `afterId`, in id order. */
export function outlinersAfter(ex: Executor, userId: number, afterId: number, limit: number) {
  return ex
    .select()
    .from(outliners)
    .where(and(eq(outliners.userId, userId), gt(outliners.id, afterId)))
    .orderBy(asc(outliners.id))
    .limit(limit);
}

/** Every entry of an outliner, in id order. */
export function entriesOf(ex: Executor, outlinerId: number): Promise<EntryRow[]> {
  return ex
    .select()
    .from(outlinerEntries)
    .where(eq(outlinerEntries.outlinerId, outlinerId))
    .orderBy(asc(outlinerEntries.id));
}

export function outlinerSettingsOf(ex: Executor, userId: number) {
  return repo.findSettings(ex, userId);
}

/** The settings, written only when they are not the defaults (no row means the defaults). */
export async function restoreOutlinerSettings(
  ex: Executor,
  userId: number,
  settings: { showQuota: boolean; sourceLink: boolean },
): Promise<void> {
  if (settings.showQuota && settings.sourceLink) return;
  await repo.saveSettings(ex, userId, settings);
}

export type RestoredOutliner = Pick<
  OutlinerRow,
  'title' | 'description' | 'privacy' | 'createdAt' | 'updatedAt'
> & {
  shared: boolean;
  entries: (Omit<EntryRow, 'outlinerId' | 'linkId' | 'annId'> & {
    /** the restored item and highlight an entry holds, already mapped to this library's ids */
    linkId: number | null;
    annId: number | null;
  })[];
};

/**
 * The user's outliner that a restored one is (same title and creation time): a second restore of a
 * backup finds its outliners and leaves them as they are.
 */
export async function findRestoredOutliner(
  ex: Executor,
  userId: number,
  outliner: Pick<OutlinerRow, 'title' | 'createdAt'>,
): Promise<OutlinerRow | undefined> {
  const rows = await ex
    .select()
    .from(outliners)
    .where(and(eq(outliners.userId, userId), eq(outliners.title, outliner.title)));
  return rows.find((r) => r.createdAt.getTime() === outliner.createdAt.getTime());
}

/**
 * A restored outliner with its whole tree: entry ids are reserved first, so parents and children go
 * in one INSERT whatever order they were moved into. A shared outliner gets a new share key (the
 * old one may be taken on this server, and it is a capability of the old library).
 */
export async function restoreOutliner(ex: Executor, userId: number, outliner: RestoredOutliner) {
  const [row] = await ex
    .insert(outliners)
    .values({
      userId,
      title: outliner.title,
      description: outliner.description,
      privacy: outliner.privacy,
      shareKey: outliner.shared ? randomBytes(16).toString('base64url') : null,
      createdAt: outliner.createdAt,
      updatedAt: outliner.updatedAt,
    })
    .returning();
  const ids = await repo.reserveEntryIds(ex, outliner.entries.length);
  const idOf = new Map(outliner.entries.map((e, i) => [e.id, ids[i]!]));
  await repo.insertEntries(
    ex,
    outliner.entries.map((e) => ({
      ...e,
      id: idOf.get(e.id)!,
      outlinerId: row!.id,
      parentId: e.parentId === null ? null : (idOf.get(e.parentId) ?? null),
    })),
  );
  return row!;
}
