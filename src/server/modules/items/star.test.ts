import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark } from '../../../../test/factories/items.ts';
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

const loadOne = async (client: TestClient, id: number) =>
  (await client.get('/interact_api/load_user_item', { link_id: String(id) })).json().items[0];

describe('POST /ditem_mana2/star', () => {
  it('stars and unstars the owner’s items; every reply says starred; starred=yes lists them', async () => {
    const client = await t.signUp();
    const a = await saveBookmark(client);
    const b = await saveBookmark(client);
    const c = await saveBookmark(client);
    expect(a.starred).toBe(0);

    const res = await client.post('/ditem_mana2/star', {
      link_id: `${a.link_id},${b.link_id}`,
      starred: '1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, link_ids: [a.link_id, b.link_id] });
    expect(await loadOne(client, a.link_id)).toMatchObject({ starred: 1 });

    const starred = (await client.get('/interact_api/load_user_items', { starred: 'yes' })).json();
    expect(starred.items.map((i: { link_id: number }) => i.link_id).sort()).toEqual(
      [a.link_id, b.link_id].sort(),
    );
    expect(starred.total).toBe(2);
    const all = (await client.get('/interact_api/load_user_items', {})).json();
    expect(all.items.find((i: { link_id: number }) => i.link_id === c.link_id).starred).toBe(0);
    const found = (
      await client.get('/interact_api/search_user_items', { what: 'Page', starred: 'yes' })
    ).json();
    expect(found.items.every((i: { starred: number }) => i.starred === 1)).toBe(true);

    const off = await client.post('/ditem_mana2/star', { link_id: a.link_id, starred: 0 });
    expect(off.json().link_ids).toEqual([a.link_id]);
    expect(await loadOne(client, a.link_id)).toMatchObject({ starred: 0 });
    const again = (await client.get('/interact_api/load_user_items', { starred: 'yes' })).json();
    expect(again.items.map((i: { link_id: number }) => i.link_id)).toEqual([b.link_id]);
  });

  it("refuses another user's ids and changes nothing at all", async () => {
    const mine = await saveBookmark(bob);
    const theirs = await saveBookmark(alice);
    const res = await bob.post('/ditem_mana2/star', {
      link_id: `${mine.link_id},${theirs.link_id}`,
      starred: 1,
    });
    expect(res.statusCode).toBe(404);
    expect(await loadOne(bob, mine.link_id)).toMatchObject({ starred: 0 });
    expect(await loadOne(alice, theirs.link_id)).toMatchObject({ starred: 0 });
  });

  it('shows a star to its owner only, and starred=yes narrows nothing for a visitor', async () => {
    const item = await saveBookmark(alice, { private: false });
    await alice.post('/ditem_mana2/star', { link_id: item.link_id, starred: 1 });
    expect(await loadOne(bob, item.link_id)).toMatchObject({ starred: 0 });
    const seen = (
      await bob.get('/interact_api/load_user_items', { username: alice.name!, starred: 'yes' })
    ).json();
    expect(seen.items.every((i: { starred: number }) => i.starred === 0)).toBe(true);
  });

  it.each([
    [{ link_id: '1', starred: 2 }],
    [{ link_id: '1' }],
    [{ link_id: '', starred: 1 }],
    [{ link_id: 'x', starred: '1' }],
  ])('answers 400 for %j', async (body) => {
    const res = await bob.post('/ditem_mana2/star', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(-1);
  });

  it('answers 401 to a visitor', async () => {
    const res = await t.visitor().post('/ditem_mana2/star', { link_id: '1', starred: 1 });
    expect(res.statusCode).toBe(401);
  });
});
