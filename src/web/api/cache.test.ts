import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ItemReply, ListReply } from '../../shared/schemas/items.ts';
import { applyLiveMessage, itemChanges } from './cache.ts';
import { queryKeys } from './keys.ts';

const item = (linkId: number, extra: Partial<ItemReply> = {}) =>
  ({ link_id: linkId, title: `t${linkId}`, readed: 0, mode: 'public', private: 0, ...extra }) as ItemReply;
const list = (...items: ItemReply[]) => ({ items, total: items.length }) as ListReply;

/** A cache holding two lists, one item with its reader copy, the tags and the user's info. */
function seeded() {
  const client = new QueryClient();
  client.setQueryData(queryKeys.items({ type: 'all' }), list(item(7), item(8)));
  client.setQueryData(queryKeys.items({ unread: 'yes' }), list(item(8)));
  client.setQueryData(queryKeys.item(7), item(7));
  client.setQueryData(queryKeys.reader(7), { status: 'done' });
  client.setQueryData(queryKeys.item(9), item(9));
  client.setQueryData(queryKeys.tags({}), { tags: [] });
  client.setQueryData(queryKeys.userInfo, { name: 'me' });
  return client;
}

/** Which cached queries are stale (refreshed) after a change, by key. */
function stale(client: QueryClient): string[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.isStale() && q.state.dataUpdatedAt > 0 && q.state.isInvalidated)
    .map((q) => JSON.stringify(q.queryKey))
    .sort();
}

describe('itemChanges', () => {
  it('marking read rewrites the item where it is cached and refreshes only the lists', async () => {
    const client = seeded();
    await itemChanges.markedRead(client, [7], true);
    expect(client.getQueryData<ItemReply>(queryKeys.item(7))!.readed).toBe(1);
    expect(client.getQueryData<ListReply>(queryKeys.items({ type: 'all' }))!.items[0]!.readed).toBe(1);
    expect(client.getQueryData<ListReply>(queryKeys.items({ type: 'all' }))!.items[1]!.readed).toBe(0);
    expect(stale(client)).toEqual(['["items",{"type":"all"}]', '["items",{"unread":"yes"}]']);
  });

  it('starring rewrites the item where it is cached and refreshes only the lists', async () => {
    const client = seeded();
    await itemChanges.starred(client, [7], true);
    expect(client.getQueryData<ItemReply>(queryKeys.item(7))!.starred).toBe(1);
    expect(client.getQueryData<ListReply>(queryKeys.items({ type: 'all' }))!.items[0]!.starred).toBe(1);
    expect(stale(client)).toEqual(['["items",{"type":"all"}]', '["items",{"unread":"yes"}]']);
  });

  it('deleting takes the item out of every list and forgets it, and refreshes lists, tags and counts', async () => {
    const client = seeded();
    await itemChanges.deleted(client, [8]);
    expect(
      client.getQueryData<ListReply>(queryKeys.items({ type: 'all' }))!.items.map((i) => i.link_id),
    ).toEqual([7]);
    expect(client.getQueryData<ListReply>(queryKeys.items({ unread: 'yes' }))!.total).toBe(0);
    expect(stale(client)).toContain('["tags",{}]');
    expect(stale(client)).toContain('["user-info"]');
    expect(stale(client)).not.toContain('["item",9]');
    expect(stale(client)).not.toContain('["item",7,"reader"]');
  });

  it('Revise Tags refreshes the items it changed, not every item or reader copy', async () => {
    const client = seeded();
    await itemChanges.retagged(client, [7]);
    expect(stale(client)).toContain('["item",7]');
    expect(stale(client)).not.toContain('["item",9]');
    expect(stale(client)).not.toContain('["item",7,"reader"]');
    expect(stale(client)).not.toContain('["user-info"]');
  });
});

describe('applyLiveMessage', () => {
  it('an update refreshes that item, its reader copy, the lists, tags and counts; no other item', async () => {
    const client = seeded();
    await applyLiveMessage(client, { cmd: 1, link_id: 7 });
    expect(stale(client)).toEqual([
      '["item",7,"reader"]',
      '["item",7]',
      '["items",{"type":"all"}]',
      '["items",{"unread":"yes"}]',
      '["tags",{}]',
      '["user-info"]',
    ]);
  });

  it('cmd 3 removes the item', async () => {
    const client = seeded();
    await applyLiveMessage(client, { cmd: 3, link_id: 7 });
    expect(client.getQueryData(queryKeys.item(7))).toBeUndefined();
    expect(
      client.getQueryData<ListReply>(queryKeys.items({ type: 'all' }))!.items.map((i) => i.link_id),
    ).toEqual([8]);
  });
});
