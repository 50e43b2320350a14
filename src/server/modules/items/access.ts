import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { groupItems, groupMembers, items } from '../../db/schema.ts';
import { NotFoundError } from '../../platform/errors.ts';
import type { Access, Actor, Authorized } from '../../policies/authorized.ts';
import { checkExport } from '../../policies/export.ts';
import { authorizeItem, authorizeTrashed, liveItems, permits } from '../../policies/item.ts';
import type { ShareGrant } from '../../policies/share-link.ts';
import { ITEM_COLUMNS, type ItemRow } from './row.ts';

/**
 * The item loaders: the SQL that finds the rows, each handed to the item policy
 * (policies/item.ts), which decides and brands them `Authorized<'item', ItemRow, A>`. Every writer
 * of an item, its annotations, file or page takes only that type.
 */

interface LoadOptions {
  /** hold the rows until the transaction ends (counts kept on the item, a capture's last step) */
  lock?: boolean;
}

async function load(ex: Executor, ids: number[], opts: LoadOptions): Promise<ItemRow[]> {
  if (ids.length === 0) return [];
  const query = ex.select(ITEM_COLUMNS).from(items).where(inArray(items.id, ids));
  // locked in id order, so two calls locking the same items cannot deadlock
  return opts.lock ? query.orderBy(items.id).for('update') : query;
}

export async function loadForRead(ex: Executor, actor: Actor, id: number) {
  const [row] = await load(ex, [id], {});
  return authorizeItem(actor, row, 'read');
}

export async function loadForWrite(ex: Executor, actor: Actor, id: number, opts: LoadOptions = {}) {
  const [row] = await load(ex, [id], opts);
  return authorizeItem(actor, row, 'write');
}

/** loadForWrite for background jobs, whose item may be gone meanwhile: undefined instead of an error. */
export async function findForWrite(ex: Executor, actor: Actor, id: number, opts: LoadOptions = {}) {
  const [row] = await load(ex, [id], opts);
  return row && permits(actor, row, 'write') ? authorizeItem(actor, row, 'write') : undefined;
}

/**
 * Every one of the items, in the order given, for one access to all of them: one the actor may
 * not have refuses the whole call, so nothing half-happens.
 */
export async function loadAll<A extends Access>(
  ex: Executor,
  actor: Actor,
  ids: number[],
  access: A,
  opts: LoadOptions = {},
): Promise<Authorized<'item', ItemRow, A>[]> {
  const rows = new Map((await load(ex, ids, opts)).map((r) => [r.id, r]));
  return ids.map((id) => authorizeItem(actor, rows.get(id), access));
}

/** The item a share link opens, authorized for reading only. */
export async function loadShared(
  ex: Executor,
  share: ShareGrant,
): Promise<Authorized<'item', ItemRow, 'read'>> {
  const [row] = await load(ex, [share.itemId], {});
  return authorizeItem(null, row, 'read', share);
}

/**
 * Groups: a member reads (never changes) the items members shared to the group, private ones
 * included; while the actor is a member and the item stays shared. The rows come back in the
 * order given; one the actor may not read this way refuses them all (not found).
 */
export async function loadAllInGroup(
  ex: Executor,
  actor: Actor,
  groupId: number,
  ids: number[],
): Promise<Authorized<'item', ItemRow, 'read'>[]> {
  if (ids.length === 0) return [];
  if (actor === null) throw new NotFoundError();
  const found = await ex
    .select(ITEM_COLUMNS)
    .from(items)
    .innerJoin(groupItems, and(eq(groupItems.itemId, items.id), eq(groupItems.groupId, groupId)))
    .innerJoin(
      groupMembers,
      and(eq(groupMembers.groupId, groupItems.groupId), eq(groupMembers.userId, actor.id)),
    )
    .where(inArray(items.id, ids));
  const rows = new Map(found.map((r) => [r.id, r]));
  return ids.map((id) => authorizeItem(actor, rows.get(id), 'read', { sharedToActor: true }));
}

/**
 * Refuses (not found) unless the export policy (policies/export.ts) lets the actor export every
 * one of the items: checked before the first byte of a streamed file goes out.
 */
export async function checkOwnAll(ex: Executor, actor: Actor, ids: number[]): Promise<void> {
  if (actor === null) throw new NotFoundError();
  if (ids.length === 0) return;
  const found = await ex
    .select({ id: items.id, userId: items.userId })
    .from(items)
    .where(and(inArray(items.id, [...new Set(ids)]), liveItems));
  checkExport(actor, ids, found);
}

/**
 * The actor's trashed items (the trash's restore and delete forever), locked, in the order given;
 * one that is not their trashed item refuses them all (not found).
 */
export async function loadTrashed(
  ex: Executor,
  actor: Actor,
  ids: number[],
): Promise<Authorized<'item', ItemRow>[]> {
  const rows = new Map((await load(ex, ids, { lock: true })).map((r) => [r.id, r]));
  return ids.map((id) => authorizeTrashed(actor, rows.get(id)));
}
