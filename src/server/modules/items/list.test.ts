import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItem, userIdOf } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
let owner: TestClient;
let other: TestClient;
const ids: Record<string, number> = {};

/** A small library that every filter can tell apart. */
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  other = await t.signUp();
  const uid = await userIdOf(t.database, owner.name!);
  const day = 86_400_000;
  const at = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * day);
  const add = async (key: string, values: Parameters<typeof buildItem>[2]) => {
    ids[key] = await buildItem(t.database, uid, values);
  };
  await add('css', {
    title: 'Cascading Style Sheets guide',
    url: 'https://developer.mozilla.org/css',
    host: 'developer.mozilla.org',
    tags: ['css', 'web design'],
    createdAt: at(1),
    updatedAt: at(10),
  });
  await add('react', {
    title: 'React hooks in depth',
    url: 'https://react.dev/hooks',
    host: 'react.dev',
    description: 'state and effects explained',
    tags: ['javascript', 'react'],
    unread: true,
    createdAt: at(2),
    updatedAt: at(9),
  });
  await add('secret', {
    title: 'Private diary of hooks',
    url: 'https://blog.example.com/diary',
    host: 'blog.example.com',
    tags: ['javascript', 'secret'],
    private: true,
    unread: true,
    createdAt: at(3),
    updatedAt: at(8),
  });
  await add('note', {
    type: 'note',
    title: 'Shopping list',
    noteContent: '<p>Buy <b>apples</b> and pears</p>',
    private: true,
    createdAt: at(4),
    updatedAt: at(7),
  });
  await add('image', { type: 'image', title: 'Aardvark photo', createdAt: at(5), updatedAt: at(6) });
  await add('annotated', {
    type: 'pdf',
    title: 'Zebra research paper',
    annotationCount: 2,
    outlinerIds: [7],
    tags: ['research'],
    createdAt: at(6),
    updatedAt: at(5),
  });
});
afterAll(() => t.close());

async function linkIds(client: TestClient, query: Record<string, string> = {}) {
  const res = await client.get('/interact_api/load_user_items', query);
  expect(res.statusCode).toBe(200);
  return (res.json().items as { link_id: number }[]).map((i) => i.link_id);
}
const keys = (...names: string[]) => names.map((n) => ids[n]);

describe('load_user_items: filters', () => {
  it('lists everything newest-updated first by default', async () => {
    const res = (await owner.get('/interact_api/load_user_items')).json();
    expect(res.items.map((i: { link_id: number }) => i.link_id)).toEqual(
      keys('css', 'react', 'secret', 'note', 'image', 'annotated'),
    );
    expect(res).toMatchObject({ total: 6, unread_total: 2, rss_link: expect.stringMatching(/^\/rss\//) });
    expect(res.query_context).toMatchObject({ page_num: 0, count: 24, sort: 'updated', isOwner: true });
    expect(res.adsInfo.showAds).toBe(true);
    expect(res.rel_tags[0]).toEqual({ name: 'javascript', count: 2 });
  });

  it.each([
    [{ type: 'bookmark' }, ['css', 'react', 'secret']],
    [{ type: 'note' }, ['note']],
    [{ type: 'image' }, ['image']],
    [{ type: 'pdf' }, ['annotated']],
    [{ type: 'kindle' }, []],
    [{ type: 'all' }, ['css', 'react', 'secret', 'note', 'image', 'annotated']],
    [{ unread: 'yes' }, ['react', 'secret']],
    [{ ann: 'yes' }, ['annotated']],
    [{ privacy: 'public' }, ['css', 'react', 'image', 'annotated']],
    [{ privacy: 'private' }, ['secret', 'note']],
    [{ inoutliner: 'no' }, ['css', 'react', 'secret', 'note', 'image']],
    [{ type: 'bookmark', unread: 'yes', privacy: 'public' }, ['react']],
    [{ unread: 'yes', privacy: 'private' }, ['secret']],
    [{ what: '#no_tag' }, ['note', 'image']],
    [{ what: '#no_tag', privacy: 'public' }, ['image']],
  ])('filters %j', async (query, expected) => {
    expect(await linkIds(owner, query)).toEqual(keys(...expected));
  });

  it.each([
    ['created', ['annotated', 'image', 'note', 'secret', 'react', 'css']],
    ['title', ['image', 'css', 'secret', 'react', 'note', 'annotated']],
  ])('sorts by %s', async (sort, expected) => {
    expect(await linkIds(owner, { sort })).toEqual(keys(...expected));
  });
});

describe('load_user_items: search syntax', () => {
  it.each([
    ['hooks', ['react', 'secret']],
    ['HOOKS react', ['react']],
    ['#javascript', ['react', 'secret']],
    ['#"web design"', ['css']],
    ['#Web design', []],
    ['#JavaScript NOT #secret', ['react']],
    ['@react.dev', ['react']],
    ['@example.com', ['secret']],
    ['@mozilla.org', ['css']],
    ['"hooks in depth"', ['react']],
    ['"in hooks depth"', []],
    ['zebra OR aardvark', ['image', 'annotated']],
    ['NOT hooks', ['css', 'note', 'image', 'annotated']],
    ['apples', ['note']],
    ['effects', ['react']],
    ['(react)', ['react']],
    ['#research @nowhere.test', []],
    ['%', ['css', 'react', 'secret', 'note', 'image', 'annotated']],
  ])('%j', async (what, expected) => {
    expect(await linkIds(owner, { what })).toEqual(keys(...expected));
  });

  it('is served by search_user_items too, and related tags follow the results', async () => {
    const res = await owner.get('/interact_api/search_user_items', { what: 'hooks', format: 'json' });
    expect(res.json().items).toHaveLength(2);
    expect(res.json().rel_tags).toEqual([
      { name: 'javascript', count: 2 },
      { name: 'react', count: 1 },
      { name: 'secret', count: 1 },
    ]);
  });
});

describe('load_user_items: pagination', () => {
  it('pages with the allowed sizes and answers past the end with no items', async () => {
    const client = await t.signUp();
    const uid = await userIdOf(t.database, client.name!);
    const base = Date.UTC(2026, 1, 1);
    for (let i = 0; i < 50; i += 1) {
      await buildItem(t.database, uid, { title: `n${i}`, updatedAt: new Date(base + i * 1000) });
    }
    const page = (q: Record<string, string>) =>
      client.get('/interact_api/load_user_items', q).then((r) => r.json());
    const first = await page({});
    expect(first.items).toHaveLength(24);
    expect(first.total).toBe(50);
    expect(first.items[0].title).toBe('n49');
    expect((await page({ page_num: '1' })).items[0].title).toBe('n25');
    expect((await page({ page_num: '2' })).items.map((i: { title: string }) => i.title)).toEqual([
      'n1',
      'n0',
    ]);
    expect((await page({ page_num: '3' })).items).toEqual([]);
    expect((await page({ count: '48', page_num: '1' })).items).toHaveLength(2);
    expect((await page({ count: '96' })).items).toHaveLength(50);
  });

  it.each([
    { count: '25' },
    { page_num: '-1' },
    { sort: 'random' },
    { type: 'video' },
    { privacy: 'secret' },
  ])('answers 400 for %j', async (query) => {
    const res = await owner.get('/interact_api/load_user_items', query);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(-1);
  });
});

describe('load_user_items: other people', () => {
  it('shows another user and a visitor only public items, with counts that do not leak', async () => {
    for (const viewer of [other, t.visitor()]) {
      const res = await viewer.get('/interact_api/load_user_items', { username: owner.name! });
      const body = res.json();
      expect(body.items.map((i: { link_id: number }) => i.link_id)).toEqual(
        keys('css', 'react', 'image', 'annotated'),
      );
      expect(body.total).toBe(4);
      expect(body.unread_total).toBe(0);
      expect(body.query_context.isOwner).toBe(false);
      expect(body.items.every((i: { canEdit: boolean }) => !i.canEdit)).toBe(true);
      expect(body.rel_tags.map((r: { name: string }) => r.name)).not.toContain('secret');
      expect(body.rel_tags).toContainEqual({ name: 'javascript', count: 1 });
    }
  });

  it.each([
    { privacy: 'private' },
    { what: 'diary' },
    { what: '#secret' },
    { what: 'apples' },
    { type: 'note' },
    { what: '@example.com' },
  ])('never reveals a private item through %j', async (query) => {
    const res = await other.get('/interact_api/load_user_items', { username: owner.name!, ...query });
    expect(res.json().items).toEqual([]);
    expect(res.json().total).toBe(0);
  });

  it('answers 404 for an unknown user and 400 for a visitor without a username', async () => {
    expect((await other.get('/interact_api/load_user_items', { username: 'nobody-at-all' })).statusCode).toBe(
      404,
    );
    expect((await t.visitor().get('/interact_api/load_user_items')).statusCode).toBe(400);
  });

  it('is unaffected by the same words in other libraries', async () => {
    const otherId = await userIdOf(t.database, other.name!);
    await buildItem(t.database, otherId, { title: 'hooks everywhere', tags: ['javascript'] });
    expect(await linkIds(owner, { what: 'hooks' })).toEqual(keys('react', 'secret'));
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM items WHERE user_id = ${otherId}`,
    );
    expect(row!.n).toBe(1);
  });
});
