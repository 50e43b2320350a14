import { GROUP_MSG } from '../../shared/schemas/groups.ts';
import { ForbiddenError } from '../platform/errors.ts';
import { type Actor, type Authorized, grant } from './authorized.ts';

/**
 * Annotations. One's own annotations belong to the item: whoever may change the item (item.ts)
 * adds, changes and removes them, so their writers take the item's write grant. In a group's
 * annotation layer a member who may read the item (a group grant, item.ts) adds annotations, and
 * only an annotation's author changes or removes it; the others are told so (forbidden: members see
 * who made it, so its existence is no secret).
 */
export function permitsAuthorOnly(actor: Actor, annotation: { userId: number }): boolean {
  return actor !== null && actor.id === annotation.userId;
}

/** The layer's annotation, authorized for changing, when the actor is its author; else forbidden. */
export function authorizeAuthored<T extends { userId: number }>(
  actor: Actor,
  annotation: T,
): Authorized<'annotation', T> {
  if (!permitsAuthorOnly(actor, annotation)) throw new ForbiddenError(GROUP_MSG.authorOnly);
  return grant('annotation', annotation, 'write');
}
