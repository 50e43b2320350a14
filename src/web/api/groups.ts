import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { groupCalls as calls } from '../../shared/api/groups.ts';
import type { AnnotationSelector, HighlightColor } from '../../shared/schemas/annotations.ts';
import type { GroupItem, GroupReply, InvitationReply } from '../../shared/schemas/groups.ts';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

/* Groups (Teams / Classes), spec part 1 §7: the spec's calls and the membership calls beside them. */

export type Group = GroupReply;
export type { GroupItem, InvitationReply as Invitation };

export const groupApi = {
  list: () => call(calls.list).then((r) => r.data.groups),
  create: (input: { name: string; displayName: string; description: string }) =>
    call(calls.create, { body: input }).then((r) => r.group),
  load: (groupId: number) => call(calls.load, { query: { group_id: groupId } }),
  items: (groupId: number, page: number, count: number) =>
    call(calls.items, { query: { group_id: groupId, count, page } }).then((r) => r.data),
  item: (groupId: number, itemId: number) =>
    call(calls.item, { query: { group_id: groupId, item_id: itemId } }).then((r) => r.data),
  /** ids in the spec's index:id form; the reply 'index:flag,...' (1 shared) */
  shareTo: (gName: string, linkIds: number[]) =>
    call(calls.shareTo, {
      query: { g_name: gName },
      body: { ids: linkIds.map((id, i) => `${i}:${id}`).join(',') },
    }),
  invite: (groupId: number, to: string) => call(calls.invite, { body: { group_id: groupId, to } }),
  accept: (token: string) => call(calls.accept, { body: { token } }).then((r) => r.group),
  invitations: () => call(calls.invitations).then((r) => r.data.invitations),
  invitation: (token: string) => call(calls.invitation, { query: { token } }).then((r) => r.invitation),
  acceptInvitation: (inviteId: number) =>
    call(calls.acceptInvitation, { body: { invite_id: inviteId } }).then((r) => r.group),
  declineInvitation: (inviteId: number) => call(calls.declineInvitation, { body: { invite_id: inviteId } }),
  leave: (groupId: number) => call(calls.leave, { body: { group_id: groupId } }),
  removeMember: (groupId: number, userId: number) =>
    call(calls.removeMember, { body: { group_id: groupId, user_id: userId } }),
  rename: (groupId: number, displayName: string, description: string) =>
    call(calls.rename, { body: { group_id: groupId, displayName, description } }).then((r) => r.group),
  remove: (groupId: number) => call(calls.delete, { body: { group_id: groupId } }),
  reader: (groupId: number, itemId: number) =>
    call(calls.reader, { query: { group_id: groupId, item_id: itemId } }),
  /* the group annotation layer */
  addAnnotation: (
    groupId: number,
    input: {
      link_id: number;
      shape: number;
      content: string;
      color: HighlightColor;
      selector: AnnotationSelector;
    },
  ) =>
    call(calls.addAnnotation, {
      body: { group_id: groupId, ...input, selector: JSON.stringify(input.selector) },
    }).then((r) => r.annotation),
  recolor: (groupId: number, annId: number, color: HighlightColor) =>
    call(calls.changeAnnotationColor, { body: { group_id: groupId, ann_id: annId, color } }),
  stickyNote: (groupId: number, annId: number, sContent: string) =>
    call(calls.postStickyNote, { body: { group_id: groupId, ann_id: annId, sContent } }),
  removeAnnotation: (groupId: number, annId: number) =>
    call(calls.removeAnnotation, { body: { group_id: groupId, ann_id: annId } }),
};

/** How many of the items failed, from share_to's 'index:flag,...'. */
export function failedShares(reply: string): number {
  return reply
    .split(',')
    .filter((p) => p.trim() !== '')
    .filter((p) => p.split(':')[1]?.trim() !== '1').length;
}

export function useGroups(enabled = true) {
  return useQuery({ queryKey: queryKeys.groups(), queryFn: groupApi.list, enabled });
}

export function useGroup(groupId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.group(groupId ?? 0),
    queryFn: () => groupApi.load(groupId!),
    enabled: groupId !== undefined,
  });
}

export function useGroupItems(groupId: number | undefined, page: number, count: number) {
  return useQuery({
    queryKey: queryKeys.groupItems(groupId ?? 0, page),
    queryFn: () => groupApi.items(groupId!, page, count),
    enabled: groupId !== undefined,
  });
}

export function useGroupItem(groupId: number | undefined, itemId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.groupItem(groupId ?? 0, itemId ?? 0),
    queryFn: () => groupApi.item(groupId!, itemId!),
    enabled: groupId !== undefined && itemId !== undefined,
  });
}

/** The signed-in user's pending invitations (My Groups, the notifications). */
export function useInvitations(enabled = true) {
  return useQuery({ queryKey: queryKeys.groupInvitations(), queryFn: groupApi.invitations, enabled });
}

/** The invitation of a mailed link, for its page. */
export function useInvitation(token: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.groupInvitation(token),
    queryFn: () => groupApi.invitation(token),
    enabled: enabled && token !== '',
    retry: false,
  });
}

/** A shared item's reader copy, for the reader a member opens it in. */
export function useGroupReader(groupId: number | undefined, itemId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.groupReader(groupId ?? 0, itemId ?? 0),
    queryFn: () => groupApi.reader(groupId!, itemId!),
    enabled: groupId !== undefined && itemId !== undefined,
  });
}

/** Every group mutation refreshes the group queries (lists, members, items). */
export function useGroupMutation<A, R>(fn: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.groupsRoot }),
  });
}
