import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AnnotationSelector, HighlightColor } from '../../shared/schemas/annotations.ts';
import type { ReaderReply } from '../../shared/schemas/capture.ts';
import type {
  GroupAnnotation,
  GroupItem,
  GroupReply,
  groupItemReplySchema,
  groupItemsReplySchema,
  loadGroupReplySchema,
} from '../../shared/schemas/groups.ts';
import { api } from './client.ts';
import { queryKeys } from './keys.ts';

/* Groups (Teams / Classes), spec part 1 §7: the spec's calls and the membership calls beside them. */

export type Group = GroupReply;
export type { GroupItem };

type LoadGroupReply = z.infer<typeof loadGroupReplySchema>;
type GroupItemsReply = z.infer<typeof groupItemsReplySchema>;
type GroupItemReply = z.infer<typeof groupItemReplySchema>;

const G = '/group_api/interact_api';
const q = (params: Record<string, string | number>) =>
  `?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`;

export const groupApi = {
  list: () =>
    api.get<{ data: { groups: Group[] } }>('/interact_api/load_user_groups').then((r) => r.data.groups),
  create: (input: { name: string; displayName: string; description: string }) =>
    api.post<{ group: Group }>(`${G}/create_group`, input).then((r) => r.group),
  load: (groupId: number) => api.get<LoadGroupReply>(`${G}/load_group${q({ group_id: groupId })}`),
  items: (groupId: number, page: number, count: number) =>
    api
      .get<GroupItemsReply>(`${G}/load_user_items${q({ group_id: groupId, count, page })}`)
      .then((r) => r.data),
  item: (groupId: number, itemId: number) =>
    api.get<GroupItemReply>(`${G}/load_item${q({ group_id: groupId, item_id: itemId })}`).then((r) => r.data),
  /** ids in the spec's index:id form; the reply 'index:flag,...' (1 shared) */
  shareTo: (gName: string, linkIds: number[]) =>
    api.post<string>(
      `/group_mana/share_to${q({ g_name: gName })}`,
      { ids: linkIds.map((id, i) => `${i}:${id}`).join(',') },
      { text: true },
    ),
  invite: (groupId: number, to: string) =>
    api.post<{ email: string; user: string | null }>(`${G}/invite`, { group_id: groupId, to }),
  accept: (token: string) => api.post<{ group: Group }>(`${G}/accept`, { token }).then((r) => r.group),
  leave: (groupId: number) => api.post(`${G}/leave`, { group_id: groupId }),
  removeMember: (groupId: number, userId: number) =>
    api.post(`${G}/remove_member`, { group_id: groupId, user_id: userId }),
  rename: (groupId: number, displayName: string, description: string) =>
    api
      .post<{ group: Group }>(`${G}/rename_group`, { group_id: groupId, displayName, description })
      .then((r) => r.group),
  remove: (groupId: number) => api.post(`${G}/delete_group`, { group_id: groupId }),
  reader: (groupId: number, itemId: number) =>
    api.get<ReaderReply>(`${G}/load_reader${q({ group_id: groupId, item_id: itemId })}`),
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
    api
      .post<{ annotation: GroupAnnotation }>(`${G}/add_annotation`, {
        group_id: groupId,
        ...input,
        selector: JSON.stringify(input.selector),
      })
      .then((r) => r.annotation),
  recolor: (groupId: number, annId: number, color: HighlightColor) =>
    api.post(`${G}/change_annotation_color`, { group_id: groupId, ann_id: annId, color }),
  stickyNote: (groupId: number, annId: number, sContent: string) =>
    api.post(`${G}/post_sticky_note`, { group_id: groupId, ann_id: annId, sContent }),
  removeAnnotation: (groupId: number, annId: number) =>
    api.post(`${G}/remove_annotation`, { group_id: groupId, ann_id: annId }),
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
