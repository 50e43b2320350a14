import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CallInput, urlOf } from '../../shared/api/define.ts';
import { itemCalls } from '../../shared/api/items.ts';
import { tagCalls } from '../../shared/api/tags.ts';
import type { ItemReply } from '../../shared/schemas/items.ts';
import { itemChanges } from './cache.ts';
import { ApiError, call } from './client.ts';
import { queryKeys } from './keys.ts';

export type LoadItemsParams = Record<string, string>;

/** The view's parameters as sent: an empty one is left out. */
function filled(params: LoadItemsParams): LoadItemsParams {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== ''));
}

/** One item as the viewer sees it (GET /interact_api/load_user_item). */
export async function fetchItem(linkId: number): Promise<ItemReply> {
  return (await call(itemCalls.load, { query: { link_id: linkId } })).items[0]!;
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
    queryFn: () => call(itemCalls.list, { query: filled(params) }),
    staleTime: LIST_FRESH_MS,
  });

const LIST_FRESH_MS = 5_000;

export function useItems(params: LoadItemsParams) {
  return useQuery({ ...itemsQuery(params), placeholderData: (previous) => previous });
}

/** The command palette finds the user's items by title from this many typed characters. */
const TITLE_FIND_MIN = 2;
/** ...and offers this many of them. */
const TITLE_FIND_SHOWN = 6;

/** The signed-in user's items whose title holds the text, newest first (the command palette). */
export function useItemsByTitle(text: string): ItemReply[] {
  const title = text.trim();
  const found = useQuery({
    queryKey: queryKeys.items({ title, count: '24' }),
    queryFn: () => call(itemCalls.list, { query: { title, count: 24 } }),
    enabled: title.length >= TITLE_FIND_MIN,
    staleTime: LIST_FRESH_MS,
    placeholderData: (previous) => previous,
  });
  return title.length >= TITLE_FIND_MIN ? (found.data?.items.slice(0, TITLE_FIND_SHOWN) ?? []) : [];
}

export function useItem(linkId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.item(linkId ?? 0),
    queryFn: () => fetchItem(linkId!),
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

export type SaveBookmarkInput = CallInput<typeof itemCalls.saveBookmark>['body'];

export const useSaveBookmark = () =>
  useLibraryMutation(
    (input: SaveBookmarkInput) => call(itemCalls.saveBookmark, { body: input }).then((r) => r.items[0]!),
    (client, _input, item) => itemChanges.saved(client, item),
  );

/** The add form's save: the whole reply, with `similar` when the page is in the library at another address. */
export const useAddBookmark = () =>
  useLibraryMutation(
    (input: SaveBookmarkInput) => call(itemCalls.saveBookmark, { body: input }),
    (client, _input, reply) => itemChanges.saved(client, reply.items[0]!),
  );

export const useMarkRead = () =>
  useLibraryMutation(
    (input: { ids: number[]; read: boolean }) =>
      call(itemCalls.markRead, { body: { link_id: input.ids.join(','), readed: input.read ? 1 : 0 } }),
    (client, input) => itemChanges.markedRead(client, input.ids, input.read),
  );

export const useConvertMode = () =>
  useLibraryMutation(
    (input: { ids: number[]; mode: 'public' | 'private' }) =>
      call(itemCalls.convertMode, { body: { link_id: input.ids.join(','), mode: input.mode } }),
    (client, input) => itemChanges.modeChanged(client, input.ids, input.mode),
  );

export const useStar = () =>
  useLibraryMutation(
    (input: { ids: number[]; starred: boolean }) =>
      call(itemCalls.star, { body: { link_id: input.ids.join(','), starred: input.starred ? 1 : 0 } }),
    (client, input) => itemChanges.starred(client, input.ids, input.starred),
  );

export const useDeleteItems = () =>
  useLibraryMutation(
    (ids: number[]) => call(itemCalls.delete, { body: { link_id: ids.join(',') } }),
    (client, ids) => itemChanges.deleted(client, ids),
  );

/** Revise Tags: mode 1 adds, 0 replaces. */
export const useReviseTags = () =>
  useLibraryMutation(
    (input: { ids: number[]; tags: string; mode: 0 | 1 }) =>
      call(tagCalls.batchEditTags, {
        body: { editTags: input.tags, editTagOption: input.mode, infos: input.ids },
      }),
    (client, input) => itemChanges.retagged(client, input.ids),
  );

export function exportCsvUrl(ids: number[]): string {
  return urlOf(itemCalls.exportCsv, { query: { link_id: ids.join(',') } });
}
