import { GROUP_MSG } from '../../shared/schemas/groups.ts';
import { ForbiddenError } from '../platform/errors.ts';
import { type Actor, type Authorized, grant } from './authorized.ts';

/**
 * Annotations. One's own annotations belong to the item: they are reached only through the item
 * loaded for writing (item.ts), and whoever may write the item changes all of them. In a group's
 * annotation layer (a row with its groupId) a member who may read the item (a group grant, item.ts)
 * adds annotations, and only an annotation's author changes or removes it; the others are told so
 * (forbidden: members see who made it, so its existence is no secret).
 */
export function mayChangeAnnotation(actor: Actor, annotation: { userId: number; groupId?: number }): boolean {
  if (actor === null) return false;
  return annotation.groupId === undefined || annotation.userId === actor.id;
}

/** A layer's annotation, authorized for changing, when the actor is its author; else forbidden. */
export function authorizeAuthored<T extends { userId: number; groupId: number }>(
  actor: Actor,
  annotation: T,
): Authorized<'annotation', T> {
  if (!mayChangeAnnotation(actor, annotation)) throw new ForbiddenError(GROUP_MSG.authorOnly);
  return grant('annotation', annotation, 'write');
}
