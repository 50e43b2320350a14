import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHighlight } from '../../../../test/factories/annotations.ts';
import { createGroup, joinGroup } from '../../../../test/factories/groups.ts';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
});
afterAll(() => t.close());

const save = (client: TestClient, body: Record<string, unknown>) => client.post('/item/save/bookmark', body);
const annotationsOf = (id: number) =>
  queryRows<{ id: number; n: number }>(
    t.database.db,
    sql`SELECT a.id, (SELECT count(*)::int FROM sticky_notes s WHERE s.annotation_id = a.id) AS n
        FROM annotations a WHERE a.item_id = ${id} ORDER BY a.id`,
  );

describe('duplicates', () => {
  const page = `fern-${Date.now()}`;
  let a: number;
  let b: number;
  let c: number;

  it('saves an address that differs only by normalisation as a new item, and says a similar one exists', async () => {
    const first = await save(alice, {
      url: `https://www.example.org/${page}?utm_source=mail`,
      title: 'First',
    });
    a = first.json().items[0].link_id;
    expect(first.json().similar).toBeUndefined();
    const second = await save(alice, { url: `http://example.org/${page}/`, title: 'Second', tags: 'b-tag' });
    b = second.json().items[0].link_id;
    expect(b).not.toBe(a);
    expect(second.json().similar).toEqual({
      link_id: a,
      title: 'First',
      url: `https://www.example.org/${page}?utm_source=mail`,
    });
    // the exact same address is the same item, as the spec has it
    const again = await save(alice, { url: `http://example.org/${page}/`, title: 'Second again' });
    expect(again.json().items[0].link_id).toBe(b);
    c = (await saveBookmark(alice, { url: `https://example.org/${page}#part`, title: 'Third' })).link_id;
    // another user's same page is not a duplicate of alice's
    await saveBookmark(bob, { url: `https://example.org/${page}` });
  });

  it('lists the groups of the same page, oldest first, only the caller’s', async () => {
    const res = (await alice.get('/api/duplicates')).json();
    expect(res.total).toBe(1);
    expect(res.groups[0].url_key).toBe(`example.org/${page}`);
    expect(res.groups[0].items.map((i: { link_id: number }) => i.link_id)).toEqual([a, b, c]);
    expect((await bob.get('/api/duplicates')).json()).toEqual({ groups: [], total: 0 });
  });

  it('merges tags, highlights with their sticky notes, notes, outliner entries, star and shares, trashing the rest', async () => {
    await addHighlight(alice, a, { content: 'kept words', note: 'on a' });
    await addHighlight(alice, b, { content: 'moved words', note: 'on b' });
    await addHighlight(alice, c, { content: 'third words' });
    await save(alice, { link_id: c, description: 'a note on the third' });
    await alice.post('/ditem_mana2/star', { link_id: String(b), starred: '1' });
    const outliner = (await alice.post('/outliner/new', { title: 'Ferns' })).json().outliner.id;
    await alice.post('/ditem_outliner/add_to_outliner', { infos: String(b), list_id: outliner });
    const shareUrl = (await alice.post('/api/sharing/create', { link_id: b })).json().item_url as string;
    const key = shareUrl.split('/s/')[1];
    const group = await createGroup(alice);
    await joinGroup(t, alice, group, bob);
    await alice.request({
      method: 'POST',
      url: `/group_mana/share_to?g_name=${group.g_name}`,
      payload: { ids: `0:${c}` },
    });
    const before = [...(await annotationsOf(a)), ...(await annotationsOf(b)), ...(await annotationsOf(c))];

    const res = await alice.post('/api/duplicates/merge', { keep: a, merge: `${b},${c}` });
    expect(res.statusCode, res.body).toBe(200);
    const { item, merged } = res.json();
    expect(merged).toEqual([b, c]);
    expect(item).toMatchObject({ link_id: a, t_name: 'b-tag', starred: 1, annotation_count: 3 });
    expect(item.description).toContain('a note on the third');
    expect(item.ouliner_id).toEqual([outliner]);
    // every annotation and sticky note is now the kept item's
    const after = await annotationsOf(a);
    expect(after.map((r) => Number(r.id)).sort()).toEqual(before.map((r) => Number(r.id)).sort());
    expect(after.reduce((n, r) => n + Number(r.n), 0)).toBe(2);
    // the share link now opens the kept item; the group shows it
    const shared = await t.visitor().get(`/api/sharing/shared/${key}`);
    expect(shared.json().item.link_id).toBe(a);
    const groupItems = (
      await bob.get('/group_api/interact_api/load_user_items', { group_id: String(group.group_id) })
    ).json();
    expect(groupItems.data.items.map((i: { item_id: number }) => i.item_id)).toEqual([a]);
    const trash = (await alice.get('/api/trash')).json();
    expect(trash.items.map((i: { link_id: number }) => i.link_id).sort()).toEqual([b, c].sort());
    expect((await alice.get('/api/duplicates')).json().total).toBe(0);
  });

  it("refuses another user's ids and a merge into itself", async () => {
    const mine = await saveBookmark(bob);
    const theirs = await saveBookmark(alice);
    expect(
      (await bob.post('/api/duplicates/merge', { keep: theirs.link_id, merge: String(mine.link_id) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await bob.post('/api/duplicates/merge', { keep: mine.link_id, merge: String(theirs.link_id) }))
        .statusCode,
    ).toBe(404);
    const self = await bob.post('/api/duplicates/merge', { keep: mine.link_id, merge: String(mine.link_id) });
    expect(self.statusCode).toBe(400);
    expect((await bob.post('/api/duplicates/merge', { keep: 'x', merge: '1' })).statusCode).toBe(400);
    expect(
      (await alice.get('/api/trash')).json().items.map((i: { link_id: number }) => i.link_id),
    ).not.toContain(theirs.link_id);
  });
});
