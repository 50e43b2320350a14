import { timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { groupItems, groupMembers, items } from '../../db/schema.ts';
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
 * Groups grant reading through `grant` (loadAllInGroup found the item shared to a group the actor
 * belongs to); that read grant is also what lets a member write the group's annotation layer
 * (groups/layer.ts), which is the group's, never the item or the sharer's annotations. An outliner's share key grants reading that outliner only (`permitsOutliner`): what its
 * entries show of items (title, address, a highlight's quote) comes with the tree, never the items.
 * An item's share link (`shareGrant`) grants reading that item only, and the note pictures its
 * content shows (`permitsNotePicture`).
 */
export function permits(
  actor: Actor,
  item: Pick<ItemRow, 'userId' | 'private'> & { id?: number },
  access: Access,
  grant?: ShareGrant | GroupGrant,
): boolean {
  if (actor !== null && actor.id === item.userId) return true;
  // a share link's holder reads that one item, a group member what was shared to the group; neither changes it
  if (access === 'read' && grant !== undefined) {
    if ('itemId' in grant ? item.id === grant.itemId : grant.sharedToActor) return true;
  }
  return access === 'read' && !item.private;
}

/**
 * A note's picture (notes/<owner>/<name>) follows its note: the owner reads it, and so does whoever
 * holds a grant to a note of that owner whose content shows the picture.
 */
export function permitsNotePicture(
  actor: Actor,
  picture: { userId: number; path: string },
  note?: Authorized<ItemRow, 'read'>,
): boolean {
  if (permits(actor, { userId: picture.userId, private: true }, 'read')) return true;
  return (
    note !== undefined &&
    note.type === 'note' &&
    note.userId === picture.userId &&
    (note.noteContent ?? '').includes(picture.path)
  );
}

/** groups: the item was found shared to a group the actor belongs to (loadAllInGroup) */
export type GroupGrant = { sharedToActor: boolean };

declare const shareBrand: unique symbol;
/** What a verified share key grants: reading one item. Only `shareGrant` makes one. */
export type ShareGrant = { readonly itemId: number; readonly [shareBrand]: true };

/**
 * The grant of an item's share link (sharing module), when the key presented is the link's key;
 * else not found, as for any item the caller may not see.
 */
export function shareGrant(link: { itemId: number; shareKey: string } | undefined, key: string): ShareGrant {
  if (!link || !sameKey(key, link.shareKey)) throw new NotFoundError();
  return { itemId: link.itemId } as ShareGrant;
}

/** The item a share link opens, authorized for reading only. */
export async function loadShared(ex: Executor, share: ShareGrant): Promise<Authorized<ItemRow, 'read'>> {
  const [row] = await load(ex, [share.itemId], {});
  if (!row || !permits(null, row, 'read', share)) throw new NotFoundError();
  return row as Authorized<ItemRow, 'read'>;
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
): Promise<Authorized<ItemRow, 'read'>[]> {
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
  return ids.map((id) => {
    const row = rows.get(id);
    if (!row || !permits(actor, row, 'read', { sharedToActor: true })) throw new NotFoundError();
    return row as Authorized<ItemRow, 'read'>;
  });
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

/**
 * Refuses (not found) unless every one of the items is the actor's own: exports answer only for
 * one's own items, and check all of them before the first byte of a streamed file goes out.
 */
export async function checkOwnAll(ex: Executor, actor: Actor, ids: number[]): Promise<void> {
  if (actor === null) throw new NotFoundError();
  if (ids.length === 0) return;
  const [row] = await ex
    .select({ n: sql<number>`count(*)::int` })
    .from(items)
    .where(sql`${inArray(items.id, ids)} AND ${items.userId} = ${actor.id}`);
  if (Number(row?.n ?? 0) !== new Set(ids).size) throw new NotFoundError();
}
