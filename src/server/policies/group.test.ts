import { describe, expect, it } from 'vitest';
import { GROUP_MSG } from '../../shared/schemas/groups.ts';
import { mayChangeAnnotation } from './annotation.ts';
import { authorizeGroup, checkInvite, checkMayLeave, permitsShareToGroup } from './group.ts';

describe('the group policy', () => {
  const owner = { id: 1, role: 'owner' };
  const member = { id: 1, role: 'member' };
  it('reads for a member, manages for the owner, and hides the group from others', () => {
    expect(authorizeGroup(member, 'read')).toBe(member);
    expect(authorizeGroup(owner, 'write')).toBe(owner);
    expect(() => authorizeGroup(member, 'write')).toThrow(GROUP_MSG.ownerOnly);
    expect(() => authorizeGroup(undefined, 'read')).toThrow(expect.objectContaining({ status: 404 }));
  });

  it('lets the invited user, or anyone for an address of no user, accept while the invitation lasts', () => {
    const now = new Date('2026-01-02T00:00:00Z');
    const lasting = { userId: 2, expiresAt: new Date('2026-01-03T00:00:00Z') };
    expect(() => checkInvite({ id: 2 }, lasting, now)).not.toThrow();
    expect(() => checkInvite({ id: 3 }, lasting, now)).toThrow(GROUP_MSG.inviteForSomeoneElse);
    expect(() => checkInvite({ id: 3 }, { ...lasting, userId: null }, now)).not.toThrow();
    expect(() => checkInvite({ id: 2 }, { ...lasting, expiresAt: now }, now)).toThrow(
      GROUP_MSG.inviteInvalid,
    );
    expect(() => checkInvite({ id: 2 }, undefined, now)).toThrow(GROUP_MSG.inviteInvalid);
  });

  it('keeps the owner in the group', () => {
    expect(() => checkMayLeave(authorizeGroup(owner, 'read'))).toThrow(GROUP_MSG.ownerCannotLeave);
    expect(() => checkMayLeave(authorizeGroup(member, 'read'))).not.toThrow();
  });

  it('shares one’s own items, notes excepted', () => {
    expect(permitsShareToGroup({ id: 1 }, { userId: 1, type: 'bookmark' })).toBe(true);
    expect(permitsShareToGroup({ id: 1 }, { userId: 1, type: 'note' })).toBe(false);
    expect(permitsShareToGroup({ id: 1 }, { userId: 2, type: 'bookmark' })).toBe(false);
    expect(permitsShareToGroup({ id: 1 }, undefined)).toBe(false);
  });

  it('lets only its author change a layer annotation, and the item’s writer its own annotations', () => {
    expect(mayChangeAnnotation({ id: 1 }, { userId: 1, groupId: 5 })).toBe(true);
    expect(mayChangeAnnotation({ id: 2 }, { userId: 1, groupId: 5 })).toBe(false);
    expect(mayChangeAnnotation(null, { userId: 1, groupId: 5 })).toBe(false);
    expect(mayChangeAnnotation({ id: 2 }, { userId: 1 })).toBe(true);
  });
});
