import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { urlOf } from '../../shared/api/define.ts';
import { outlinerCalls } from '../../shared/api/outliners.ts';
import type {
  EntryKind,
  EntryReply,
  OutlinerReply,
  OutlinerSort,
  OutlinerTreeReply,
} from '../../shared/schemas/outliners.ts';
import { TAB_HEADER } from '../../shared/schemas/values.ts';
import { ApiError, call, type RequestOptions } from './client.ts';
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

const tabOnly = (id: number) => ({ params: { outlinerId: id } });

export const outlinerApi = {
  list: (p: Partial<OutlinerListParams>) =>
    call(outlinerCalls.list, {
      query: { search: p.search || undefined, sort: p.sort || undefined, order: p.order || undefined },
    }).then((r) => r.data.outliners),
  /** at the plan's quota the server answers 402 with the reason the create button shows */
  create: (title: string): Promise<Outliner> =>
    call(outlinerCalls.create, { body: { title } }).then(
      (reply) => reply.outliner,
      (err: unknown) => {
        throw err instanceof ApiError ? new OutlinerRefused(err.message) : err;
      },
    ),
  edit: (id: number, body: { title?: string; description?: string }) =>
    call(outlinerCalls.edit, { ...tabOnly(id), body }, fromTab),
  remove: (id: number) => call(outlinerCalls.delete, tabOnly(id), fromTab),
  shareLink: (id: number) => call(outlinerCalls.shareLink, tabOnly(id), fromTab),
  shareDisable: (id: number) => call(outlinerCalls.shareDisable, tabOnly(id), fromTab),
  /** each link id becomes an item entry at the end of the outliner (no tab id: this tab's editors reload too) */
  addItems: (outlinerId: number, linkIds: number[]) =>
    call(outlinerCalls.addItems, { body: { infos: linkIds.join(','), list_id: outlinerId } }),
  addText: (body: { text: string; outliner_id: number; ann_id?: number }) =>
    call(outlinerCalls.addText, { body }),
  tree: (id: number) => call(outlinerCalls.tree, tabOnly(id)),
  shared: (key: string) => call(outlinerCalls.shared, { params: { shareKey: key } }),
  createEntry: (
    id: number,
    body: { parent_id: number | null; after_id: number | null; text?: string; note?: string },
  ) => call(outlinerCalls.createEntry, { ...tabOnly(id), body }, fromTab).then((r) => r.entry),
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
  ) => call(outlinerCalls.editEntry, { params: { outlinerId: id, entryId }, body }, fromTab),
  deleteEntry: (id: number, entryId: number) =>
    call(outlinerCalls.deleteEntry, { params: { outlinerId: id, entryId } }, fromTab),
  exportUrl: (id: number, format: 'md' | 'opml') =>
    urlOf(outlinerCalls.export, { ...tabOnly(id), query: { format } }),
  import: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return call(outlinerCalls.import, { form }).then((r) => r.outliner);
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
