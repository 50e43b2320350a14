import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItem, saveBookmark, saveNote, userIdOf } from '../../../../test/factories/items.ts';
import { setPlan, setUsage } from '../../../../test/factories/users.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { queryRows } from '../../db/client.ts';
import { FULLTEXT_PREMIUM_MESSAGE, URL_REQUIRED_MESSAGE } from './service.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
});
afterAll(() => t.close());

const list = (client: TestClient, query: Record<string, string> = {}) =>
  client.get('/interact_api/load_user_items', query);

describe('POST /item/save/bookmark', () => {
  it('creates a bookmark with every spec field, the title falling back to the URL', async () => {
    const res = await alice.post('/item/save/bookmark', {
      url: 'https://News.Example.com/a?b=1',
      tags: 'reading "web design" Reading',
      description: 'A page',
      unread: true,
      private: false,
    });
    expect(res.statusCode).toBe(200);
    const [item] = res.json().items;
    expect(item).toMatchObject({
      type_name: 'bookmark',
      title: 'https://News.Example.com/a?b=1',
      url: 'https://News.Example.com/a?b=1',
      host: 'news.example.com',
      t_name: 'reading,web design',
      description: 'A page',
      readed: 0,
      private: 0,
      mode: 'public',
      annotations: [],
      ouliner_id: [],
      canEdit: true,
      user_name: alice.name,
    });
    expect(item.link_id).toBeGreaterThan(0);
    expect(item.created_at).toBe(item.updated_at);
    expect(Number.isInteger(item.created_at)).toBe(true);
  });

  it('updates the existing item when the URL is already in the library', async () => {
    const first = await saveBookmark(alice, { url: 'https://dup.example.com/', title: 'First' });
    const second = await saveBookmark(alice, { url: 'https://dup.example.com/', title: 'Second', tags: 'x' });
    expect(second.link_id).toBe(first.link_id);
    expect(second.title).toBe('Second');
    const found = (await list(alice, { what: '@dup.example.com' })).json();
    expect(found.total).toBe(1);
  });

  it('edits by link_id, including a new URL, and keeps tags when none are sent', async () => {
    const item = await saveBookmark(alice, { tags: 'keep me' });
    const res = await alice.post('/item/save/bookmark', {
      link_id: item.link_id,
      title: 'Edited',
      new_url: 'https://moved.example.net/x',
    });
    expect(res.json().items[0]).toMatchObject({
      link_id: item.link_id,
      title: 'Edited',
      url: 'https://moved.example.net/x',
      host: 'moved.example.net',
      t_name: 'keep,me',
    });
  });

  it.each([
    [{}, URL_REQUIRED_MESSAGE, 'url'],
    [{ url: 'not a url' }, 'Please enter a valid URL starting with http:// or https://.', 'url'],
    [{ url: 'javascript:alert(1)' }, 'Please enter a valid URL starting with http:// or https://.', 'url'],
    [{ url: 'https://ok.example', title: 'x'.repeat(1001) }, 'The title is too long.', 'title'],
    [{ link_id: 'abc' }, 'link_id must be a number.', 'link_id'],
  ])('refuses %j with 400', async (payload, message, field) => {
    const res = await alice.post('/item/save/bookmark', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: -1, message, field });
  });

  it("refuses to edit another user's item and leaves it unchanged", async () => {
    const item = await saveBookmark(alice, { title: 'Mine' });
    const res = await bob.post('/item/save/bookmark', { link_id: item.link_id, title: 'Stolen' });
    expect(res.statusCode).toBe(404);
    const again = await alice.get('/interact_api/load_user_item', { link_id: String(item.link_id) });
    expect(again.json().items[0].title).toBe('Mine');
  });

  it('needs a session', async () => {
    const res = await t.visitor().post('/item/save/bookmark', { url: 'https://a.example.com' });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /interact_api/load_user_item', () => {
  it("shows an owner's private item to the owner only", async () => {
    const item = await saveBookmark(alice, { private: true });
    const id = String(item.link_id);
    expect((await alice.get('/interact_api/load_user_item', { link_id: id })).statusCode).toBe(200);
    expect((await bob.get('/interact_api/load_user_item', { link_id: id })).statusCode).toBe(404);
    expect((await t.visitor().get('/interact_api/load_user_item', { link_id: id })).statusCode).toBe(404);
  });

  it('shows a public item to others, read-only', async () => {
    const item = await saveBookmark(alice, { private: false });
    const res = await bob.get('/interact_api/load_user_item', { link_id: String(item.link_id) });
    expect(res.json().items[0]).toMatchObject({
      link_id: item.link_id,
      canEdit: false,
      user_name: alice.name,
    });
  });

  it('answers 400 for a bad id and 404 for an unknown one', async () => {
    expect((await alice.get('/interact_api/load_user_item', { link_id: 'x' })).statusCode).toBe(400);
    expect((await alice.get('/interact_api/load_user_item', { link_id: '99999999' })).statusCode).toBe(404);
  });
});

describe('bulk calls on other users', () => {
  it("refuse any id that is not the caller's, changing nothing at all", async () => {
    const mine = await saveBookmark(bob, { unread: true, private: true });
    const theirs = await saveBookmark(alice, { unread: true, private: true });
    const ids = `${mine.link_id},${theirs.link_id}`;
    for (const [url, body] of [
      ['/ditem_mana2/mark_readed', { link_id: ids, readed: 1 }],
      ['/ditem_mana2/convert_mode', { link_id: ids, mode: 'public' }],
      ['/ditem_mana2/delete_b', { link_id: ids }],
    ] as const) {
      const res = await bob.post(url, body);
      expect(res.statusCode).toBe(404);
    }
    for (const [client, id] of [
      [bob, mine.link_id],
      [alice, theirs.link_id],
    ] as const) {
      const item = (await client.get('/interact_api/load_user_item', { link_id: String(id) })).json()
        .items[0];
      expect(item).toMatchObject({ readed: 0, private: 1 });
    }
    const csv = await bob.get('/api/items/export.csv', { link_id: String(theirs.link_id) });
    expect(csv.statusCode).toBe(404);
  });

  it.each([
    ['/ditem_mana2/mark_readed', { link_id: '1,x', readed: 1 }],
    ['/ditem_mana2/mark_readed', { link_id: '1', readed: 5 }],
    ['/ditem_mana2/convert_mode', { link_id: '1', mode: 'secret' }],
    ['/ditem_mana2/delete_b', { link_id: '' }],
    ['/ditem_mana2/delete_b', {}],
  ])('%s answers 400 for %j', async (url, body) => {
    const res = await bob.post(url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(-1);
  });
});

describe('read state, privacy and delete', () => {
  it('marks read and unread, skipping images, notes and kindle items when marking unread', async () => {
    const client = await t.signUp();
    const userId = await userIdOf(t.database, client.name!);
    const bookmark = await saveBookmark(client, { unread: false });
    const image = await buildItem(t.database, userId, { type: 'image', unread: false });
    const note = await saveNote(client);
    const pdf = await buildItem(t.database, userId, { type: 'pdf', unread: false });

    const unread = await client.post('/ditem_mana2/mark_readed', {
      link_id: `${bookmark.link_id},${image},${note},${pdf}`,
      readed: 0,
    });
    expect(unread.json()).toEqual({
      code: 1,
      link_ids: expect.arrayContaining([bookmark.link_id, pdf]),
      unread_total: 2,
    });
    expect(unread.json().link_ids).toHaveLength(2);
    expect((await list(client, { unread: 'yes' })).json().total).toBe(2);

    const read = await client.post('/ditem_mana2/mark_readed', { link_id: String(pdf), readed: '1' });
    expect(read.json()).toEqual({ code: 1, link_ids: [pdf], unread_total: 1 });
    expect((await list(client)).json().unread_total).toBe(1);
  });

  it('converts privacy, keeps notes private and keeps public tag counts right', async () => {
    const client = await t.signUp();
    const userId = await userIdOf(t.database, client.name!);
    const a = await saveBookmark(client, { private: true, tags: 'shared' });
    const note = await saveNote(client, { tags: ['shared'] });
    const res = await client.post('/ditem_mana2/convert_mode', { link_id: `${a.link_id},${note}`, mode: 0 });
    expect(res.json()).toEqual({ code: 1, link_ids: [a.link_id] });
    const [tag] = await queryRows<{ item_count: number; public_count: number }>(
      t.database.db,
      sql`SELECT item_count, public_count FROM tags WHERE user_id = ${userId} AND name = 'shared'`,
    );
    expect(tag).toEqual({ item_count: 2, public_count: 1 });
    const back = await client.post('/ditem_mana2/convert_mode', {
      link_id: String(a.link_id),
      mode: 'private',
    });
    expect(back.json().link_ids).toEqual([a.link_id]);
  });

  it('deletes, lowering pdf and image used counts by the number deleted', async () => {
    const client = await t.signUp();
    const userId = await userIdOf(t.database, client.name!);
    await setUsage(t.database, client, 'pdf', 5);
    await setUsage(t.database, client, 'image', 3);
    const pdf = await buildItem(t.database, userId, { type: 'pdf', tags: ['gone'] });
    const image = await buildItem(t.database, userId, { type: 'image' });
    const keep = await saveBookmark(client);
    const res = await client.post('/ditem_mana2/delete_b', { link_id: `${pdf},${image}` });
    expect(res.json()).toEqual({ code: 1, link_ids: expect.arrayContaining([pdf, image]) });
    const info = (await client.get('/interact_api/load_user_info')).json();
    expect(info.permissions.pdfPermission.pdfUsedCount).toBe(4);
    expect(info.permissions.imagePermission.imageUsedCount).toBe(2);
    const left = (await list(client)).json();
    expect(left.items.map((i: { link_id: number }) => i.link_id)).toEqual([keep.link_id]);
    // in the trash, the tag counts no item (no list shows it); deleted for good, it is gone
    const tagCount = () =>
      queryRows<{ n: number }>(
        t.database.db,
        sql`SELECT item_count AS n FROM tags WHERE user_id = ${userId} AND name = 'gone'`,
      );
    expect(await tagCount()).toEqual([{ n: 0 }]);
    await client.post('/api/trash/delete', { link_id: `${pdf},${image}` });
    expect(await tagCount()).toHaveLength(0);
  });
});

describe('export as csv', () => {
  it('streams export.csv with the spec columns', async () => {
    const a = await saveBookmark(alice, {
      title: 'Quote, "and" comma',
      tags: 'x y',
      description: 'line1\nline2',
    });
    const res = await alice.get('/api/items/export.csv', { link_id: String(a.link_id) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="export.csv"');
    expect(res.body.split('\n')[0]).toBe('title,url,tags,description,annotations');
    expect(res.body).toContain(`"Quote, ""and"" comma",${a.url},x y,"line1\nline2",`);
  });
});

describe('snapshot (full text) search', () => {
  it('tells a free user it is premium only, and serves a premium user', async () => {
    const free = await list(alice, { what: 'anything', snapshot: 'yes' });
    expect(free.statusCode).toBe(402);
    expect(free.json()).toEqual({ code: -3, message: FULLTEXT_PREMIUM_MESSAGE });
    const premium = await t.signUp();
    await setPlan(t.database, premium);
    const res = await list(premium, { what: 'anything', snapshot: 'yes' });
    expect(res.statusCode).toBe(200);
  });
});
