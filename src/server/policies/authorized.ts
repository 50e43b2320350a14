/**
 * The brand a row gets when a policy in this folder let the actor at it. The brand names the
 * resource kind and the access granted, so an outliner allowed for writing is no item allowed for
 * writing, and a read grant is no write grant. Only `grant` makes one, and only the policies in
 * src/server/policies/ call it (authorized.test.ts checks that every other file imports this one
 * for its types only).
 */

export type Access = 'read' | 'write';

/** The caller: a signed-in user, or null for a visitor. */
export type Actor = { id: number } | null;

/** One per policy file. */
export type ResourceKind = 'item' | 'annotation' | 'outliner' | 'group';

declare const granted: unique symbol;
/** A write grant is a read grant too. */
interface Grants {
  read: { read: true };
  write: { read: true; write: true };
}

/** A row that passed a policy; the brand's key is not exported, so no other file makes one. */
export type Authorized<K extends ResourceKind, T, A extends Access = 'write'> = T & {
  readonly [granted]: Grants[A] & { readonly kind: K };
};

/** The one place a brand is made: a policy calls it once it has decided. */
export function grant<K extends ResourceKind, T, A extends Access>(
  _kind: K,
  row: T,
  _access: A,
): Authorized<K, T, A> {
  return row as Authorized<K, T, A>;
}
