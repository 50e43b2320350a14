import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup } from '../../../../test/factories/groups.ts';
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

const newOutliner = async (client: TestClient, title = 'Reading') =>
  (await client.post('/outliner/new', { title })).json().outliner.id as number;

/** The ids of the items an outliner holds (its item entries). */
const outlinerItems = async (client: TestClient, id: number) =>
  ((await client.get(`/api/outliners/${id}`)).json().entries as { link_id: number | null }[])
    .map((e) => e.link_id)
    .filter((linkId) => linkId !== null);

const groupsOf = async (client: TestClient, linkId: number) =>
  (await client.get('/interact_api/load_shared_to_groups', { links_id: String(linkId) }))
    .json()
    .data[0]?.groups.map((g: { g_name: string }) => g.g_name) ?? [];

let seq = 0;
const url = () => `https://lists.example.com/${++seq}-${Date.now()}`;

describe('POST /item/save/bookmark with lists and groups', () => {
  it('adds the saved item to the outliners in lists and shares it to the groups in groups', async () => {
    const one = await newOutliner(alice, 'One');
    const two = await newOutliner(alice, 'Two');
    const group = await createGroup(alice);
    const res = await alice.post('/item/save/bookmark', {
      url: url(),
      title: 'Listed',
      tags: '',
      description: '',
      unread: '',
      private: '1',
      lists: `${one},${two}`,
      groups: String(group.group_id),
    });
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().items[0];
    expect([...item.ouliner_id].sort()).toEqual([one, two].sort());
    expect(await outlinerItems(alice, one)).toEqual([item.link_id]);
    expect(await groupsOf(alice, item.link_id)).toEqual([group.g_name]);
  });

  it('takes empty lists and groups as none', async () => {
    const res = await alice.post('/item/save/bookmark', { url: url(), lists: '', groups: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items[0].ouliner_id).toEqual([]);
  });

  it("refuses another user's outliner or a group the user is not in, saving nothing", async () => {
    const theirs = await newOutliner(bob, 'Bob’s');
    const mine = await newOutliner(alice, 'Mine');
    const theirGroup = await createGroup(bob);
    for (const [body, field] of [
      [{ lists: `${mine},${theirs}` }, 'lists'],
      [{ groups: String(theirGroup.group_id) }, 'groups'],
      [{ lists: 'x' }, 'lists'],
      [{ groups: '1,,y' }, 'groups'],
    ] as const) {
      const target = url();
      const res = await alice.post('/item/save/bookmark', { url: target, ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().field).toBe(field);
      const found = (await alice.get('/interact_api/load_user_items', { what: `@lists.example.com` })).json();
      expect(found.items.map((i: { url: string }) => i.url)).not.toContain(target);
    }
    expect(await outlinerItems(alice, mine)).toEqual([]);
  });
});
