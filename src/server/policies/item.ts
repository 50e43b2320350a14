import { type SQL, sql } from 'drizzle-orm';
import { items } from '../db/schema.ts';
import type { ItemRow } from '../modules/items/row.ts';
import { NotFoundError } from '../platform/errors.ts';
import { type Access, type Actor, type Authorized, grant } from './authorized.ts';
import type { GroupGrant } from './group.ts';
import type { ShareGrant } from './share-link.ts';

/**
 * Items: who may read or change one. The owner reads and changes their items; anyone reads a
 * public one. A group grant (group.ts: the item was found shared to a group the actor belongs to)
 * and a share link's grant (share-link.ts: that one item) add reading, never changing. An
 * outliner's share key reads the outliner only (outliner.ts): what its entries show of items comes
 * with the tree, never the items. The loaders that run the SQL live in modules/items/access.ts and
 * ask `authorizeItem`.
 */
export function permits(
  actor: Actor,
  item: Pick<ItemRow, 'userId' | 'private'> & { id?: number; trashedAt?: Date | null },
  access: Access,
  via?: ShareGrant | GroupGrant,
): boolean {
  // a trashed item is out of every read and write, its owner's too, until restored (trash.ts)
  if (item.trashedAt) return false;
  if (actor !== null && actor.id === item.userId) return true;
  // a share link's holder reads that one item, a group member what was shared to the group; neither changes it
  if (access === 'read' && via !== undefined) {
    if ('itemId' in via ? item.id === via.itemId : via.sharedToActor) return true;
  }
  return access === 'read' && !item.private;
}

/**
 * The row, authorized, if the policy grants the actor this access to it; else not found (never
 * "forbidden", which would confirm that another user's private item exists).
 */
export function authorizeItem<A extends Access>(
  actor: Actor,
  row: ItemRow | undefined,
  access: A,
  via?: ShareGrant | GroupGrant,
): Authorized<'item', ItemRow, A> {
  if (!row || !permits(actor, row, access, via)) throw new NotFoundError();
  return grant('item', row, access);
}

/** What the caller may do with the item, for the reply's buttons (`canEdit`). */
export function itemAbilities(actor: Actor, item: Pick<ItemRow, 'userId' | 'private'>) {
  return { canEdit: permits(actor, item, 'write') };
}

/** Whether the actor is the owner of the library (one user's items) they are looking at. */
export function ownsLibrary(actor: Actor, ownerId: number): boolean {
  return actor !== null && actor.id === ownerId;
}

/**
 * The read rule as a condition on items, for queries over many rows. With `ownerId` (the rows are
 * one user's library) it is as simple as the indexes want: live items for the owner, the live
 * public items for anyone else (the list indexes hold live items only).
 */
export function readableWhere(actor: Actor, ownerId?: number): SQL {
  if (ownerId !== undefined && ownsLibrary(actor, ownerId)) return liveItems;
  if (actor === null || ownerId !== undefined) return sql`NOT ${items.private} AND ${liveItems}`;
  return sql`(${items.userId} = ${actor.id} OR NOT ${items.private}) AND ${liveItems}`;
}

/** Items not in the trash: every read of items by others than the trash itself carries it. */
export const liveItems: SQL = sql`${items.trashedAt} IS NULL`;

/**
 * The trash (trash.ts): only the owner sees, restores or deletes their trashed items. The grant is
 * a write, so the real delete path takes these rows.
 */
export function authorizeTrashed(actor: Actor, row: ItemRow | undefined): Authorized<'item', ItemRow> {
  if (!row || actor === null || actor.id !== row.userId || !row.trashedAt) throw new NotFoundError();
  return grant('item', row, 'write');
}

/**
 * A note's picture (notes/<owner>/<name>) follows its note: the owner reads it, and so does whoever
 * holds a grant to a note of that owner whose content shows the picture.
 */
export function permitsNotePicture(
  actor: Actor,
  picture: { userId: number; path: string },
  note?: Authorized<'item', ItemRow, 'read'>,
): boolean {
  if (permits(actor, { userId: picture.userId, private: true }, 'read')) return true;
  return (
    note !== undefined &&
    note.type === 'note' &&
    note.userId === picture.userId &&
    (note.noteContent ?? '').includes(picture.path)
  );
}
