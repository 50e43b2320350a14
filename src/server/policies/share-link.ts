import { timingSafeEqual } from 'node:crypto';
import { NotFoundError } from '../platform/errors.ts';

/**
 * Share links: an item's link key grants reading that one item (item.ts `permits`), and the note
 * pictures its content shows; an outliner's key reads that outliner (outliner.ts).
 */

declare const shareBrand: unique symbol;
/** What a verified share key grants: reading one item. Only `shareGrant` makes one. */
export type ShareGrant = { readonly itemId: number; readonly [shareBrand]: true };

/** Two keys compared in constant time. */
export function sameKey(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The grant of an item's share link (sharing module), when the key presented is the link's key;
 * else not found, as for any item the caller may not see.
 */
export function shareGrant(link: { itemId: number; shareKey: string } | undefined, key: string): ShareGrant {
  if (!link || !sameKey(key, link.shareKey)) throw new NotFoundError();
  return { itemId: link.itemId } as ShareGrant;
}
