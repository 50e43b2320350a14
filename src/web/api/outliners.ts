import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EntryChangeReply,
  EntryKind,
  EntryReply,
  OutlinerReply,
  OutlinerSort,
  OutlinerTreeReply,
  ShareLinkReply,
} from '../../shared/schemas/outliners.ts';
import { TAB_HEADER } from '../../shared/schemas/values.ts';
import { ApiError, api, type RequestOptions } from './client.ts';
import { queryKeys } from './keys.ts';

/*
 * The outliner calls (spec part 1 §7, part 2 §7, and the tree under /api/outliners of the Outliners
 * issue): the spec's list, create, edit, delete, share and add calls keep their paths and shapes.
 */

export type Outliner = OutlinerReply;
export type OutlinerEntry = EntryReply;
export type { EntryKind, OutlinerTreeReply };

export type OutlinerSortField = OutlinerSort;
export type SortOrder = 'asc' | 'desc';

export interface OutlinerListParams {
  search: string;
  sort: OutlinerSortField;
  order: SortOrder;
}

/** A create refused by the server (spec: code '0' with a reason, e.g. at the plan's quota). */
export class OutlinerRefused extends Error {}

/**
 * This tab's id, sent with every outliner change: the live message of a change names the tab that
 * made it, so the tab skips its own changes (it shows them already).
 */
export const TAB_ID =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random());
const fromTab: RequestOptions = { headers: { [TAB_HEADER]: TAB_ID } };

function qs(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) search.set(k, v);
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const outlinerApi = {
  list: (p: Partial<OutlinerListParams>) =>
    api
      .get<{ code: number; data: { outliners: Outliner[] } }>(
        `/outliner/list${qs({ search: p.search, sort: p.sort, order: p.order })}`,
      )
      .then((r) => r.data.outliners),
  create: async (title: string): Promise<Outliner> => {
    let reply: { code: number | string; outliner?: Outliner; reason?: string };
    try {
      reply = await api.post('/outliner/new', { title });
    } catch (err) {
      throw err instanceof ApiError ? new OutlinerRefused(err.message) : err;
    }
    if (String(reply.code) === '0' || !reply.outliner) {
      throw new OutlinerRefused(reply.reason ?? 'There are some errors, please try later.');
    }
    return reply.outliner;
  },
  edit: (id: number, body: { title?: string; description?: string }) =>
    api.post<{ code: number; outliner: Outliner }>(`/outliner/${id}/edit`, body, fromTab),
  remove: (id: number) => api.post<{ code: number }>(`/outliner/${id}/delete`, {}, fromTab),
  shareLink: (id: number) => api.get<ShareLinkReply>(`/outliner/${id}/share/link`, fromTab),
  shareDisable: (id: number) => api.get<{ code: number }>(`/outliner/${id}/share/disable`, fromTab),
  /** each link id becomes an item entry at the end of the outliner (no tab id: this tab's editors reload too) */
  addItems: (outlinerId: number, linkIds: number[]) =>
    api.post<{ code: number }>('/ditem_outliner/add_to_outliner', {
      infos: linkIds.join(','),
      list_id: outlinerId,
    }),
  addText: (body: { text: string; outliner_id: number; ann_id?: number }) =>
    api.post<{ code: number }>('/ditem_outliner/add_text_to_outliner', body),
  tree: (id: number) => api.get<OutlinerTreeReply>(`/api/outliners/${id}`),
  shared: (key: string) => api.get<OutlinerTreeReply>(`/api/outliners/shared/${encodeURIComponent(key)}`),
  createEntry: (
    id: number,
    body: { parent_id: number | null; after_id: number | null; text?: string; note?: string },
  ) => api.post<EntryChangeReply>(`/api/outliners/${id}/entries`, body, fromTab).then((r) => r.entry),
  editEntry: (
    id: number,
    entryId: number,
    body: Partial<{
      text: string;
      note: string;
      collapsed: boolean;
      parent_id: number | null;
      after_id: number | null;
    }>,
  ) => api.post<EntryChangeReply>(`/api/outliners/${id}/entries/${entryId}`, body, fromTab),
  deleteEntry: (id: number, entryId: number) =>
    api.post<{ code: number; removed: number[] }>(
      `/api/outliners/${id}/entries/${entryId}/delete`,
      {},
      fromTab,
    ),
  exportUrl: (id: number, format: 'md' | 'opml') => `/api/outliners/${id}/export?format=${format}`,
  import: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<{ outliner: Outliner }>('/api/outliners/import', form).then((r) => r.outliner);
  },
};

export function useOutliners(params: Partial<OutlinerListParams>, enabled = true) {
  return useQuery({
    queryKey: queryKeys.outliners({
      search: params.search ?? '',
      sort: params.sort ?? '',
      order: params.order ?? '',
    }),
    queryFn: () => outlinerApi.list(params),
    placeholderData: (previous) => previous,
    enabled,
  });
}

export function useOutlinerTree(id: number | undefined) {
  return useQuery({
    queryKey: queryKeys.outliner(id ?? 0),
    queryFn: () => outlinerApi.tree(id!),
    enabled: id !== undefined,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}

export function useSharedOutliner(key: string) {
  return useQuery({
    queryKey: queryKeys.sharedOutliner(key),
    queryFn: () => outlinerApi.shared(key),
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}

/** The cache effects of outliner changes: lists, the quota in user info, and the items' outliner ids. */
export function useOutlinerChanges() {
  const client = useQueryClient();
  return {
    listsChanged: () => client.invalidateQueries({ queryKey: queryKeys.outlinersRoot }),
    countsChanged: () => client.invalidateQueries({ queryKey: queryKeys.userInfo }),
    /** items joined an outliner: their rows show it, and the Not in outliner filter changes */
    itemsChanged: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.itemsRoot }),
        client.invalidateQueries({ queryKey: queryKeys.itemRoot }),
      ]),
    treeChanged: (id: number) => client.invalidateQueries({ queryKey: queryKeys.outliner(id) }),
  };
}

export function useCreateOutliner() {
  const changes = useOutlinerChanges();
  return useMutation({
    mutationFn: outlinerApi.create,
    onSuccess: () => Promise.all([changes.listsChanged(), changes.countsChanged()]),
  });
}

export function useDeleteOutliner() {
  const changes = useOutlinerChanges();
  return useMutation({
    mutationFn: outlinerApi.remove,
    onSuccess: () => Promise.all([changes.listsChanged(), changes.countsChanged(), changes.itemsChanged()]),
  });
}

export function useAddToOutliner() {
  const changes = useOutlinerChanges();
  return useMutation({
    mutationFn: (input: { outlinerId: number; linkIds: number[] }) =>
      outlinerApi.addItems(input.outlinerId, input.linkIds),
    onSuccess: (_r, input) =>
      Promise.all([changes.itemsChanged(), changes.treeChanged(input.outlinerId), changes.listsChanged()]),
  });
}
