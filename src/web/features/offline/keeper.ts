import { accountCalls } from '../../../shared/api/accounts.ts';
import { captureCalls } from '../../../shared/api/capture.ts';
import { urlOf } from '../../../shared/api/define.ts';
import { itemCalls } from '../../../shared/api/items.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { fileUrl } from '../images/preview.ts';
import { keptIds } from './kept.ts';

/*
 * Keeps on the device what the reader needs offline: the newest N unread items (N is the user's
 * Preferences setting) and every item marked Keep offline, each with its reader copy, pictures and
 * highlights (the item's own reply carries them), in the Cache Storage cache folio-data-{user} under
 * the very addresses the app asks for. The service worker answers from it only when the network
 * fails, and the library's list calls then get the kept items' list (KEPT_LIST).
 */

/** Where the kept items' list waits (the service worker's KEPT_LIST). */
export const KEPT_LIST = '/offline/kept-list';
const PAGE = 96;
/** items fetched at once: the phone's connection is shared with what the user is doing */
const AT_ONCE = 3;

export function dataCacheName(user: string): string {
  return `folio-data-${encodeURIComponent(user)}`;
}

async function fetchJson<T>(url: string): Promise<{ data: T; response: Response }> {
  const response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return { data: (await response.clone().json()) as T, response };
}

type ListReply = { items: ItemReply[]; total: number; unread_total: number } & Record<string, unknown>;

/** The newest unread items, up to `count`, a page of 96 at a time. */
async function newestUnread(
  user: string,
  count: number,
): Promise<{ items: ItemReply[]; reply: ListReply | null }> {
  const items: ItemReply[] = [];
  let reply: ListReply | null = null;
  for (let page = 0; page === 0 || items.length < count; page++) {
    const url = urlOf(itemCalls.list, {
      query: { username: user, unread: 'yes', sort: 'created', count: PAGE, page_num: page },
    });
    const { data } = await fetchJson<ListReply>(url);
    reply ??= data;
    items.push(...data.items);
    if (data.items.length < PAGE) break;
  }
  return { items: items.slice(0, count), reply };
}

/** The pictures a reader copy shows, on this site (others are not the reader's to keep). */
function picturesOf(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return [...doc.querySelectorAll('img[src]')]
    .map((img) => new URL(img.getAttribute('src')!, location.origin))
    .filter((url) => url.origin === location.origin)
    .map((url) => url.pathname + url.search);
}

async function keepItem(cache: Cache, item: ItemReply): Promise<void> {
  const itemUrl = urlOf(itemCalls.load, { query: { link_id: item.link_id } });
  await cache.put(itemUrl, (await fetchJson(itemUrl)).response);
  if (item.type_name === 'bookmark') {
    const readerUrl = urlOf(captureCalls.reader, { query: { link_id: item.link_id } });
    const { data, response } = await fetchJson<{ html: string }>(readerUrl);
    await cache.put(readerUrl, response);
    await Promise.all(
      picturesOf(data.html).map(async (src) => {
        const picture = await fetch(src, { credentials: 'same-origin' });
        if (picture.ok) await cache.put(src, picture);
      }),
    );
  } else if (item.type_name === 'pdf' || item.type_name === 'image') {
    const src = fileUrl(item);
    const file = await fetch(src, { credentials: 'same-origin' });
    // kept whole, without Accept-Ranges: offline, the PDF reader asks for the file once, not in ranges
    if (file.ok) {
      const type = file.headers.get('content-type') ?? 'application/octet-stream';
      await cache.put(src, new Response(await file.blob(), { headers: { 'content-type': type } }));
    }
  }
}

/** Rewrites the kept copy of these items, and their rows in the kept list, with `patch`. */
export async function patchKeptCopies(user: string, ids: number[], patch: (item: ItemReply) => ItemReply) {
  if (!('caches' in window) || !(await caches.has(dataCacheName(user)))) return;
  const cache = await caches.open(dataCacheName(user));
  const rewrite = async (url: string, change: (data: { items: ItemReply[] }) => void) => {
    const kept = await cache.match(url);
    if (!kept) return;
    const data = (await kept.json()) as { items: ItemReply[] };
    change(data);
    await cache.put(
      url,
      new Response(JSON.stringify(data), { headers: { 'content-type': 'application/json' } }),
    );
  };
  const patchAll = (data: { items: ItemReply[] }) => {
    data.items = data.items.map((item) => (ids.includes(item.link_id) ? patch(item) : item));
  };
  await Promise.all(ids.map((id) => rewrite(urlOf(itemCalls.load, { query: { link_id: id } }), patchAll)));
  await rewrite(KEPT_LIST, patchAll);
}

/** Runs `work` on each entry, `AT_ONCE` at a time; an entry that fails is skipped (kept next time). */
async function eachAtOnce<T>(entries: T[], work: (entry: T) => Promise<void>): Promise<void> {
  const queue = [...entries];
  const runners = Array.from({ length: AT_ONCE }, async () => {
    for (let entry = queue.shift(); entry !== undefined; entry = queue.shift()) {
      await work(entry).catch(() => undefined);
    }
  });
  await Promise.all(runners);
}

/**
 * Refreshes the user's kept copies: the user's info (so the app knows who is signed in offline),
 * the kept items' list and each item. Other users' caches on this device are deleted first.
 */
export async function keepForOffline(user: string, count: number): Promise<number> {
  if (!('caches' in window)) return 0;
  const name = dataCacheName(user);
  for (const other of await caches.keys()) {
    if (other.startsWith('folio-data-') && other !== name) await caches.delete(other);
  }
  const cache = await caches.open(name);
  const infoUrl = urlOf(accountCalls.userInfo, {});
  await cache.put(infoUrl, (await fetchJson(infoUrl)).response);

  const { items: newest, reply } = await newestUnread(user, count);
  const known = new Set(newest.map((item) => item.link_id));
  const marked = await Promise.all(
    keptIds(user)
      .filter((id) => !known.has(id))
      .map((id) =>
        fetchJson<{ items: ItemReply[] }>(urlOf(itemCalls.load, { query: { link_id: id } }))
          .then(({ data }) => data.items[0] ?? null)
          .catch(() => null),
      ),
  );
  const items = [...marked.filter((item): item is ItemReply => item !== null), ...newest];
  await eachAtOnce(items, (item) => keepItem(cache, item));

  // drop what is no longer kept (read, deleted, unmarked): the list is the whole truth
  const wanted = new Set(items.map((item) => item.link_id));
  for (const request of await cache.keys()) {
    const id = new URL(request.url).searchParams.get('link_id');
    if (id !== null && !wanted.has(Number(id))) await cache.delete(request);
  }
  const list = {
    ...(reply ?? { rel_tags: [], rss_link: '' }),
    items,
    total: items.length,
    unread_total: newest.length,
  };
  await cache.put(
    KEPT_LIST,
    new Response(JSON.stringify(list), { headers: { 'content-type': 'application/json' } }),
  );
  return items.length;
}
