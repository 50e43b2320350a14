import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ItemReply, ListReply } from '../../shared/schemas/items.ts';
import { itemChanges } from './cache.ts';
import { ApiError, api } from './client.ts';
import { queryKeys } from './keys.ts';

export type LoadItemsParams = Record<string, string>;

function qs(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * A list query: the library's, and the one the entry starts before the library's code arrives
 * (first-load.ts). A list a few seconds old is not asked for again when the page mounts, so the
 * entry's request is the only one; every change made here or reported live updates or refreshes the
 * lists anyway (api/cache.ts).
 */
export const itemsQuery = (params: LoadItemsParams) =>
  queryOptions({
    queryKey: queryKeys.items(params),
    queryFn: () => api.get<ListReply>(`/interact_api/load_user_items${qs(params)}`),
    staleTime: LIST_FRESH_MS,
  });

const LIST_FRESH_MS = 5_000;

export function useItems(params: LoadItemsParams) {
  return useQuery({ ...itemsQuery(params), placeholderData: (previous) => previous });
}

export function useItem(linkId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.item(linkId ?? 0),
    queryFn: async () =>
      (await api.get<{ items: ItemReply[] }>(`/interact_api/load_user_item${qs({ link_id: linkId })}`))
        .items[0]!,
    enabled: linkId !== undefined,
    // a missing or private item stays missing: no retries before saying so
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
  });
}

/** A library mutation: its effect on the cache is one of `itemChanges` (api/cache.ts). */
function useLibraryMutation<I, O>(
  fn: (input: I) => Promise<O>,
  effect: (client: QueryClient, input: I, reply: O) => unknown,
) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: (reply, input) => effect(client, input, reply) });
}

export interface SaveBookmarkInput {
  link_id?: number;
  url?: string;
  new_url?: string;
  title?: string;
  tags?: string;
  description?: string;
  unread?: boolean;
  private?: boolean;
  local_id?: string;
}

export const useSaveBookmark = () =>
  useLibraryMutation(
    (input: SaveBookmarkInput) =>
      api.post<{ items: ItemReply[] }>('/item/save/bookmark', input).then((r) => r.items[0]!),
    (client, _input, item) => itemChanges.saved(client, item),
  );

export const useMarkRead = () =>
  useLibraryMutation(
    (input: { ids: number[]; read: boolean }) =>
      api.post<{ code: number; link_ids: number[]; unread_total: number }>('/ditem_mana2/mark_readed', {
        link_id: input.ids.join(','),
        readed: input.read ? 1 : 0,
      }),
    (client, input) => itemChanges.markedRead(client, input.ids, input.read),
  );

export const useConvertMode = () =>
  useLibraryMutation(
    (input: { ids: number[]; mode: 'public' | 'private' }) =>
      api.post<{ code: number; link_ids: number[] }>('/ditem_mana2/convert_mode', {
        link_id: input.ids.join(','),
        mode: input.mode,
      }),
    (client, input) => itemChanges.modeChanged(client, input.ids, input.mode),
  );

export const useDeleteItems = () =>
  useLibraryMutation(
    (ids: number[]) =>
      api.post<{ code: number; link_ids: number[] }>('/ditem_mana2/delete_b', { link_id: ids.join(',') }),
    (client, ids) => itemChanges.deleted(client, ids),
  );

/** Revise Tags: mode 1 adds, 0 replaces. */
export const useReviseTags = () =>
  useLibraryMutation(
    (input: { ids: number[]; tags: string; mode: 0 | 1 }) =>
      api.post<{ code: number; link_ids: number[] }>('/ditem_mana2/batch_edit_tags', {
        editTags: input.tags,
        editTagOption: input.mode,
        infos: input.ids,
      }),
    (client, input) => itemChanges.retagged(client, input.ids),
  );

export function exportCsvUrl(ids: number[]): string {
  return `/api/items/export.csv${qs({ link_id: ids.join(',') })}`;
}
