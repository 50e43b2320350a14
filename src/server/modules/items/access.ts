import { timingSafeEqual } from 'node:crypto';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { items } from '../../db/schema.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { ITEM_COLUMNS, type ItemRow } from './row.ts';

/**
 * Who may read or change an item: the one policy every module asks. A row comes out of here
 * branded `Authorized`; every writer of an item, its annotations, file or page takes only that
 * type, so a write that skipped the check does not compile.
 */

export type Access = 'read' | 'write';

/** The caller: a signed-in user, or null for a visitor. */
export type Actor = { id: number } | null;

declare const granted: unique symbol;
/** A write grant is a read grant too. */
interface Grants {
  read: { read: true };
  write: { read: true; write: true };
}

/** A row that passed the policy below; the brand's key is not exported, so no other module makes one. */
export type Authorized<T, A extends Access = 'write'> = T & { readonly [granted]: Grants[A] };

/**
 * The policy. Today: the owner may read and change their items, anyone may read a public one.
 * Groups add their grants here (the actor then carries its memberships), and every load below
 * follows. An outliner's share key grants reading that outliner only (`permitsOutliner`): what its
 * entries show of items (title, address, a highlight's quote) comes with the tree, never the items.
 */
export function permits(actor: Actor, item: Pick<ItemRow, 'userId' | 'private'>, access: Access): boolean {
  if (actor !== null && actor.id === item.userId) return true;
  return access === 'read' && !item.private;
}

/**
 * The read rule as a condition on items, for queries over many rows. With `ownerId` (the rows are
 * one user's library) it is as simple as the indexes want: nothing for the owner, the public
 * items for anyone else.
 */
export function readableWhere(actor: Actor, ownerId?: number): SQL | undefined {
  if (actor !== null && actor.id === ownerId) return undefined;
  if (actor === null || ownerId !== undefined) return sql`NOT ${items.private}`;
  return sql`(${items.userId} = ${actor.id} OR NOT ${items.private})`;
}

/**
 * The row, authorized, if the policy grants the actor this access to it; else not found (never
 * "forbidden", which would confirm that another user's private item exists).
 */
export function authorize<A extends Access>(
  actor: Actor,
  row: ItemRow | undefined,
  access: A,
): Authorized<ItemRow, A> {
  if (!row || !permits(actor, row, access)) throw new NotFoundError();
  return row as Authorized<ItemRow, A>;
}

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
  return authorize(actor, row, 'read');
}

export async function loadForWrite(ex: Executor, actor: Actor, id: number, opts: LoadOptions = {}) {
  const [row] = await load(ex, [id], opts);
  return authorize(actor, row, 'write');
}

/** loadForWrite for background jobs, whose item may be gone meanwhile: undefined instead of an error. */
export async function findForWrite(ex: Executor, actor: Actor, id: number, opts: LoadOptions = {}) {
  const [row] = await load(ex, [id], opts);
  return row && permits(actor, row, 'write') ? authorize(actor, row, 'write') : undefined;
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
): Promise<Authorized<ItemRow, A>[]> {
  const rows = new Map((await load(ex, ids, opts)).map((r) => [r.id, r]));
  return ids.map((id) => authorize(actor, rows.get(id), access));
}

/** What the outliner policy reads of an outliner: its owner and its sharing. */
export interface OutlinerGuard {
  userId: number;
  /** 0 not shared, 2 shared by link */
  privacy: number;
  shareKey: string | null;
}

function sameKey(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Outliners: only the owner reads or changes one; anyone holding its share key reads it while
 * sharing is on (privacy 2). Everyone else is told it does not exist.
 */
export function permitsOutliner(
  actor: Actor,
  outliner: OutlinerGuard,
  access: Access,
  shareKey?: string,
): boolean {
  if (actor !== null && actor.id === outliner.userId) return true;
  return (
    access === 'read' &&
    shareKey !== undefined &&
    outliner.privacy === 2 &&
    outliner.shareKey !== null &&
    sameKey(shareKey, outliner.shareKey)
  );
}

/** The outliner row, authorized, if the policy grants this access; else not found. */
export function authorizeOutliner<T extends OutlinerGuard, A extends Access>(
  actor: Actor,
  row: T | undefined,
  access: A,
  shareKey?: string,
): Authorized<T, A> {
  if (!row || !permitsOutliner(actor, row, access, shareKey)) throw new NotFoundError();
  return row as Authorized<T, A>;
}
