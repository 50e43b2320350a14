import { GROUP_MSG } from '../../shared/schemas/groups.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { type Access, type Actor, type Authorized, grant } from './authorized.ts';

/**
 * Groups (Teams / Classes). A member reads the group and what members shared to it; the owner
 * also manages it (invite, remove a member, rename, delete). A group the actor does not belong to
 * is not found; a member asking for what only the owner may do is forbidden (members know it exists).
 */

/** The group as one member sees it: their role in it (groups/repo `groupForMember`). */
export interface Membership {
  role: string;
}

/** items: the item was found shared to a group the actor belongs to (items/access `loadAllInGroup`) */
export type GroupGrant = { sharedToActor: boolean };

/** The actor's membership, authorized: 'read' for any member, 'write' (manage) for the owner. */
export function authorizeGroup<T extends Membership, A extends Access>(
  membership: T | undefined,
  access: A,
): Authorized<'group', T, A> {
  if (!membership) throw new NotFoundError();
  if (access === 'write' && membership.role !== 'owner') throw new ForbiddenError(GROUP_MSG.ownerOnly);
  return grant('group', membership, access);
}

/**
 * An invitation is accepted while it lasts (else not valid), by the user it was sent to, or by
 * whoever signs in with the link first when it went to an address of no user.
 */
export function checkInvite(
  actor: Actor,
  invite: { userId: number | null; expiresAt: Date } | undefined,
  now: Date,
): asserts invite is { userId: number | null; expiresAt: Date } {
  if (!invite || invite.expiresAt.getTime() <= now.getTime())
    throw new NotFoundError(GROUP_MSG.inviteInvalid);
  if (invite.userId !== null && invite.userId !== actor?.id)
    throw new ForbiddenError(GROUP_MSG.inviteForSomeoneElse);
}

/**
 * An invitation answered from the invitee's own list (My Groups) is theirs alone: another user's,
 * one sent to an address, or one that ran out is not found (an id says nothing about the group).
 */
export function checkOwnInvitation<T extends { userId: number | null; expiresAt: Date }>(
  actor: Actor,
  invite: T | undefined,
  now: Date,
): asserts invite is T {
  if (!invite || actor === null || invite.userId !== actor.id || invite.expiresAt.getTime() <= now.getTime())
    throw new NotFoundError(GROUP_MSG.inviteInvalid);
}

/** The owner cannot leave their group (they remove its other members first, or keep it). */
export function checkMayLeave(membership: Authorized<'group', Membership, 'read'>): void {
  if (membership.role === 'owner') throw new ValidationError(GROUP_MSG.ownerCannotLeave, 'group_id');
}

/** A member shares to the group their own items, notes excepted. */
export function permitsShareToGroup(
  actor: Actor,
  item: { userId: number; type: string } | undefined,
): boolean {
  return actor !== null && !!item && item.userId === actor.id && item.type !== 'note';
}

/** A group's items are read-only in the group's view, for their sharer too (the reply's `canEdit`). */
export function groupItemAbilities() {
  return { canEdit: false };
}
