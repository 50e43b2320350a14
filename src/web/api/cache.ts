import type { QueryClient } from '@tanstack/react-query';
import type { ItemReply, ListReply } from '../../shared/schemas/items.ts';
import { queryKeys } from './keys.ts';

/*
 * What each change does to the cache: the rows it knows are written in place (the item's own query
 * and every cached list holding it), and only the queries whose answer it may change are refreshed
 * (an active query refetches, an inactive one goes stale). Lists are refreshed rather than patched
 * where a change can move an item in or out of a filter, or re-sort it.
 */

type ItemPatch = (item: ItemReply) => ItemReply;

/** Rewrites the given items wherever they are cached. */
export function patchCachedItems(client: QueryClient, ids: readonly number[], patch: ItemPatch) {
  const wanted = new Set(ids);
  for (const id of wanted) {
    client.setQueryData<ItemReply>(queryKeys.item(id), (item) => (item ? patch(item) : item));
  }
  client.setQueriesData<ListReply>({ queryKey: queryKeys.itemsRoot }, (list) =>
    list?.items.some((it) => wanted.has(it.link_id))
      ? { ...list, items: list.items.map((it) => (wanted.has(it.link_id) ? patch(it) : it)) }
      : list,
  );
}

/** Puts fresh copies of items where their old ones are cached, and in their own queries. */
function putItems(client: QueryClient, items: readonly ItemReply[]) {
  for (const item of items) client.setQueryData(queryKeys.item(item.link_id), item);
  const byId = new Map(items.map((it) => [it.link_id, it]));
  patchCachedItems(client, [...byId.keys()], (it) => byId.get(it.link_id) ?? it);
}

/** Takes items out of every cached list and forgets their own queries (reader copies included). */
function dropItems(client: QueryClient, ids: readonly number[]) {
  const gone = new Set(ids);
  client.setQueriesData<ListReply>({ queryKey: queryKeys.itemsRoot }, (list) => {
    if (!list?.items.some((it) => gone.has(it.link_id))) return list;
    const items = list.items.filter((it) => !gone.has(it.link_id));
    return { ...list, items, total: Math.max(0, list.total - (list.items.length - items.length)) };
  });
  for (const id of gone) client.removeQueries({ queryKey: queryKeys.item(id) });
}

const refresh = {
  lists: (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.itemsRoot }),
  tags: (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.tagsRoot }),
  /** the user's used counts against the plan's quotas */
  counts: (client: QueryClient) => client.invalidateQueries({ queryKey: queryKeys.userInfo }),
  /** the items' own queries, not their reader copies (those change only with a capture) */
  items: (client: QueryClient, ids: readonly number[]) =>
    Promise.all(ids.map((id) => client.invalidateQueries({ queryKey: queryKeys.item(id), exact: true }))),
  /** every single item's own query (a renamed tag may be on any of them) */
  allItems: (client: QueryClient) =>
    client.invalidateQueries({ queryKey: queryKeys.itemRoot, predicate: (q) => q.queryKey.length === 2 }),
  reader: (client: QueryClient, id: number) => client.invalidateQueries({ queryKey: queryKeys.reader(id) }),
  /** the trash, Duplicates and the saved searches' counts: any item coming or going changes them */
  upkeep: (client: QueryClient) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.trashRoot }),
      client.invalidateQueries({ queryKey: queryKeys.duplicatesRoot }),
      client.invalidateQueries({ queryKey: queryKeys.savedSearches }),
    ]),
};

/** The cache effect of each change, named by the change; mutations and the live socket call these. */
export const itemChanges = {
  /** a bookmark saved (new, edited or recaptured): its copy may be capturing, its tags new */
  saved: (client: QueryClient, item: ItemReply) => {
    putItems(client, [item]);
    return Promise.all([
      refresh.lists(client),
      refresh.tags(client),
      refresh.counts(client),
      refresh.reader(client, item.link_id),
      refresh.upkeep(client),
    ]);
  },
  /** a note saved: its text and tags */
  noteSaved: (client: QueryClient, item: ItemReply) => {
    putItems(client, [item]);
    return Promise.all([refresh.lists(client), refresh.tags(client)]);
  },
  /** the Unread filter and the unread total follow */
  markedRead: (client: QueryClient, ids: readonly number[], read: boolean) => {
    patchCachedItems(client, ids, (it) => ({ ...it, readed: read ? 1 : 0 }));
    return refresh.lists(client);
  },
  /** the public/private filters and the per-tab tag counts follow */
  modeChanged: (client: QueryClient, ids: readonly number[], mode: 'public' | 'private') => {
    patchCachedItems(client, ids, (it) => ({ ...it, mode, private: mode === 'private' ? 1 : 0 }));
    return Promise.all([refresh.lists(client), refresh.tags(client)]);
  },
  /** the Starred filter follows */
  starred: (client: QueryClient, ids: readonly number[], starred: boolean) => {
    patchCachedItems(client, ids, (it) => ({ ...it, starred: starred ? 1 : 0 }));
    return refresh.lists(client);
  },
  deleted: (client: QueryClient, ids: readonly number[]) => {
    dropItems(client, ids);
    return Promise.all([
      refresh.lists(client),
      refresh.tags(client),
      refresh.counts(client),
      refresh.upkeep(client),
    ]);
  },
  /** items back from the trash, or a merge of duplicates: they reappear in lists, tags and counts */
  restored: (client: QueryClient) =>
    Promise.all([
      refresh.lists(client),
      refresh.tags(client),
      refresh.counts(client),
      refresh.upkeep(client),
    ]),
  /** Revise Tags: the items' tags, the lists filtered by tag and the tag counts */
  retagged: (client: QueryClient, ids: readonly number[]) =>
    Promise.all([refresh.items(client, ids), refresh.lists(client), refresh.tags(client)]),
  tagRenamed: (client: QueryClient) =>
    Promise.all([refresh.allItems(client), refresh.lists(client), refresh.tags(client)]),
  /** items created elsewhere than a form that returns them (uploads, Kindle import) */
  created: (client: QueryClient) =>
    Promise.all([
      refresh.lists(client),
      refresh.tags(client),
      refresh.counts(client),
      refresh.upkeep(client),
    ]),
  /** one image turned: only its own query */
  rotated: (client: QueryClient, id: number) => refresh.items(client, [id]),
};

/** A live message (spec part 1 §4): cmd 3 removes the item, any other adds or updates it. */
export interface LiveMessage {
  cmd: number;
  link_id: number;
}

export function applyLiveMessage(client: QueryClient, message: LiveMessage) {
  if (message.cmd === 3) return itemChanges.deleted(client, [message.link_id]);
  // The message's copy is not written in: messages can arrive after this tab's own newer reply (a
  // change published while its transaction was still open), so the item is asked for again instead.
  return Promise.all([
    itemChanges.created(client),
    refresh.items(client, [message.link_id]),
    refresh.reader(client, message.link_id),
  ]);
}
