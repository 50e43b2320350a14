import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { setPlan } from '../../../../test/factories/users.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
});
afterAll(() => t.close());

const create = (client: TestClient, name: string, query: string) =>
  client.post('/api/saved-searches', { name, query });
const searches = async (client: TestClient) => (await client.get('/api/saved-searches')).json().searches;

describe('saved searches', () => {
  let id: number;

  it('saves a library query under a name, normalised, and counts its items live', async () => {
    const fern = await saveBookmark(alice, { tags: 'ferns', unread: true, title: 'Fern spores' });
    await saveBookmark(alice, { tags: 'ferns', unread: false });
    await saveBookmark(alice, { tags: 'moss', unread: true });
    const res = await create(alice, 'Unread ferns', 'what=%23ferns&unread=yes&page=3&count=48');
    expect(res.statusCode, res.body).toBe(200);
    id = res.json().search.id;
    expect(res.json().search).toMatchObject({
      name: 'Unread ferns',
      query: 'unread=yes&what=%23ferns',
      count: 1,
    });
    expect(res.json().search.feed_path).toBeNull();
    await create(alice, 'All ferns', 'query=%23ferns');
    expect((await searches(alice)).map((s: { name: string; count: number }) => [s.name, s.count])).toEqual([
      ['All ferns', 2],
      ['Unread ferns', 1],
    ]);
    // a trashed item leaves the count
    await alice.post('/ditem_mana2/delete_b', { link_id: fern.link_id });
    expect((await searches(alice)).map((s: { count: number }) => s.count)).toEqual([1, 0]);
    await alice.post('/api/trash/restore', { link_id: String(fern.link_id) });
  });

  it.each([
    ['', 'what=x', 'name'],
    ['Bad', 'colour=red', 'query'],
    ['Bad', 'unread=maybe', 'query'],
    ['Bad', 'page=2', 'query'],
    ['Bad', 'filter=spaceship', 'query'],
  ])('refuses name %j query %j with a 400 naming %s', async (name, query, field) => {
    const res = await create(alice, name, query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1, field });
  });

  it('gives each a private RSS feed on premium plans only, behind its secret address', async () => {
    await setPlan(t.database, alice);
    const search = (await searches(alice)).find((s: { id: number }) => s.id === id);
    expect(search.feed_path).toMatch(new RegExp(`^/rss/search/${id}/[\\w-]{43}$`));
    const feed = await t.visitor().get(search.feed_path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toContain('application/rss+xml');
    expect(feed.body).toContain('Fern spores');
    expect(feed.body).not.toContain('moss');
    expect((await t.visitor().get(`/rss/search/${id}/${'x'.repeat(43)}`)).statusCode).toBe(404);
    await setPlan(t.database, alice, 'free');
    expect((await t.visitor().get(search.feed_path)).statusCode).toBe(404);
    await setPlan(t.database, alice);
  });

  it("refuses another user's ids and deletes one's own, ending its feed", async () => {
    expect((await bob.request({ method: 'DELETE', url: `/api/saved-searches/${id}` })).statusCode).toBe(404);
    expect(await searches(bob)).toEqual([]);
    const feedPath = (await searches(alice)).find((s: { id: number }) => s.id === id).feed_path;
    const res = await alice.request({ method: 'DELETE', url: `/api/saved-searches/${id}` });
    expect(res.json()).toEqual({ code: 1, id });
    expect((await t.visitor().get(feedPath)).statusCode).toBe(404);
    expect((await alice.request({ method: 'DELETE', url: `/api/saved-searches/${id}` })).statusCode).toBe(
      404,
    );
  });
});
