import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHighlight } from '../../../../test/factories/annotations.ts';
import { createGroup, joinGroup } from '../../../../test/factories/groups.ts';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { listenLocally, openLive } from '../../../../test/helpers/live.ts';
import { GROUP_MSG } from '../../../shared/schemas/groups.ts';
import { queryRows } from '../../db/client.ts';

const G = '/group_api/interact_api';

let t: TestApp;
let base: string;
let owner: TestClient;
let member: TestClient;
let stranger: TestClient;
let group: { group_id: number; g_name: string };
let itemId: number;
let ownAnnId: number;

const quote = (exact: string) =>
  JSON.stringify([
    { type: 'TextQuoteSelector', exact, prefix: 'a ', suffix: ' b' },
    { type: 'TextPositionSelector', start: 10, end: 10 + exact.length },
  ]);
const addTo = (client: TestClient, content: string, over: Record<string, unknown> = {}) =>
  client.post(`${G}/add_annotation`, {
    group_id: group.group_id,
    link_id: itemId,
    shape: 0,
    content,
    color: 'green',
    selector: quote(content),
    ...over,
  });
const loadItem = (client: TestClient) =>
  client.get(`${G}/load_item?group_id=${group.group_id}&item_id=${itemId}`);

async function ownAnnotations(id: number) {
  return queryRows<{ id: number; user_id: number; color: string }>(
    t.database.db,
    sql`SELECT id::int, user_id::int, color FROM annotations WHERE item_id = ${id} ORDER BY id`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  base = await listenLocally(t.app);
  owner = await t.signUp();
  member = await t.signUp();
  stranger = await t.signUp();
  group = await createGroup(owner);
  await joinGroup(t, owner, group, member);
  // a private item: members read it through the group only
  itemId = (await saveBookmark(owner, { private: true })).link_id;
  ownAnnId = await addHighlight(owner, itemId, { content: 'the sharer marked this', note: 'mine' });
  const shared = await owner.request({
    method: 'POST',
    url: `/group_mana/share_to?g_name=${group.g_name}`,
    payload: { ids: `0:${itemId}` },
  });
  expect(shared.body).toBe('0:1');
});
afterAll(() => t.close());

describe('the group annotation layer', () => {
  it("lets a member highlight and note a shared item without changing the sharer's annotations", async () => {
    const before = await ownAnnotations(itemId);
    const added = await addTo(member, 'a member marked this');
    expect(added.statusCode, added.body).toBe(200);
    const annotation = added.json().annotation;
    expect(annotation).toMatchObject({
      content: 'a member marked this',
      author: member.name,
      link_id: itemId,
    });
    expect(annotation.extra.color).toBe('green');
    const noted = await member.post(`${G}/post_sticky_note`, {
      group_id: group.group_id,
      ann_id: annotation.id,
      sContent: 'why it matters',
    });
    expect(noted.statusCode, noted.body).toBe(200);
    expect(noted.json().annotation.stickyNotes.map((n: { content: string }) => n.content)).toEqual([
      'why it matters',
    ]);
    // the sharer's own annotations are as they were; the layer shows both, each with its author
    expect(await ownAnnotations(itemId)).toEqual(before);
    for (const reader of [owner, member]) {
      const layer = (await loadItem(reader)).json().data.annotations as { id: number; author: string }[];
      expect(layer.map((a) => [a.id, a.author])).toEqual([
        [ownAnnId, owner.name],
        [annotation.id, member.name],
      ]);
    }
    const item = (await loadItem(member)).json().data.item;
    expect(item.annotations.map((a: { id: number }) => a.id)).toEqual([ownAnnId, annotation.id]);
    expect(item.canEdit).toBe(false);
    // the owner's library shows only the owner's own annotations
    const own = (await owner.get(`/interact_api/load_user_item?link_id=${itemId}`)).json().items[0];
    expect(own.annotations.map((a: { id: number }) => a.id)).toEqual([ownAnnId]);
  });

  it('the same highlight twice is one annotation', async () => {
    const a = (await addTo(member, 'twice over')).json().annotation;
    const b = (await addTo(member, 'twice over')).json().annotation;
    expect(b.id).toBe(a.id);
  });

  it("lets only an annotation's author recolour, note or remove it", async () => {
    const annId = (await addTo(member, 'only mine')).json().annotation.id;
    const body = { group_id: group.group_id, ann_id: annId };
    for (const [url, extra] of [
      ['change_annotation_color', { color: 'pink' }],
      ['post_sticky_note', { sContent: 'not yours' }],
      ['remove_annotation', {}],
    ] as const) {
      const res = await owner.post(`${G}/${url}`, { ...body, ...extra });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(GROUP_MSG.authorOnly);
    }
    const recoloured = await member.post(`${G}/change_annotation_color`, { ...body, color: 'pink' });
    expect(recoloured.json().annotation.extra.color).toBe('pink');
    const cleared = await member.post(`${G}/post_sticky_note`, { ...body, sContent: '' });
    expect(cleared.json().annotation.stickyNotes).toEqual([]);
    expect((await member.post(`${G}/remove_annotation`, body)).json()).toEqual({ code: 1, ann_id: annId });
    const layer = (await loadItem(member)).json().data.annotations as { id: number }[];
    expect(layer.map((a) => a.id)).not.toContain(annId);
  });

  it('refuses every call of the layer to a non-member (404), and writes nothing', async () => {
    const annId = (await addTo(member, 'hidden from strangers')).json().annotation.id;
    const body = { group_id: group.group_id, ann_id: annId };
    const count = async () =>
      (
        await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM group_annotations`)
      )[0]!.n;
    const n = await count();
    expect((await addTo(stranger, 'intruder')).statusCode).toBe(404);
    expect((await stranger.post(`${G}/change_annotation_color`, { ...body, color: 'pink' })).statusCode).toBe(
      404,
    );
    expect((await stranger.post(`${G}/post_sticky_note`, { ...body, sContent: 'x' })).statusCode).toBe(404);
    expect((await stranger.post(`${G}/remove_annotation`, body)).statusCode).toBe(404);
    expect((await loadItem(stranger)).statusCode).toBe(404);
    expect(
      (await stranger.get(`${G}/load_reader?group_id=${group.group_id}&item_id=${itemId}`)).statusCode,
    ).toBe(404);
    expect(await count()).toBe(n);
    // the stranger's own group does not open this group's layer either
    const theirs = await createGroup(stranger);
    expect((await addTo(stranger, 'through my group', { group_id: theirs.group_id })).statusCode).toBe(404);
    expect(
      (await stranger.post(`${G}/remove_annotation`, { ...body, group_id: theirs.group_id })).statusCode,
    ).toBe(404);
    // an item of the member's own, not shared to the group, cannot be annotated in it
    const notShared = (await saveBookmark(member)).link_id;
    expect((await addTo(member, 'not shared', { link_id: notShared })).statusCode).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    expect((await addTo(member, '')).statusCode).toBe(400);
    expect((await addTo(member, 'x', { selector: 'not json' })).statusCode).toBe(400);
    expect((await addTo(member, 'x', { group_id: 'abc' })).statusCode).toBe(400);
    expect(
      (
        await member.post(`${G}/change_annotation_color`, {
          group_id: group.group_id,
          ann_id: 1,
          color: 'red',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('gives members the reader copy, read-only', async () => {
    const res = await member.get(`${G}/load_reader?group_id=${group.group_id}&item_id=${itemId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toHaveProperty('status');
  });
});

describe('live', () => {
  it("brings a member's and the sharer's highlight changes to members' tabs, not a stranger's", async () => {
    const ownerTab = await openLive(base, { client: owner });
    const memberTab = await openLive(base, { client: member });
    const strangerTab = await openLive(base, { client: stranger });
    await addTo(member, 'live from a member');
    const [first] = await ownerTab.waitFor(1);
    expect(first).toMatchObject({
      cmd: 'group',
      group_id: group.group_id,
      change: 'annotations',
      item_ids: [itemId],
    });
    // the sharer highlights their own item: the member hears of it through the group
    memberTab.messages.length = 0;
    await addHighlight(owner, itemId, { content: 'the sharer again' });
    const heard = await memberTab.waitFor(1);
    expect(heard.some((m) => (m as unknown as { change?: string }).change === 'annotations')).toBe(true);
    await saveBookmark(stranger);
    const [own] = await strangerTab.waitFor(1);
    expect((own as unknown as { cmd: unknown }).cmd).not.toBe('group');
    await Promise.all([ownerTab.close(), memberTab.close(), strangerTab.close()]);
  });
});

describe('rename and delete', () => {
  it('the owner renames the group; members see the new name; others may not', async () => {
    const g = await createGroup(owner);
    await joinGroup(t, owner, g, member);
    const body = { group_id: g.group_id, displayName: 'New name', description: 'New words' };
    expect((await member.post(`${G}/rename_group`, body)).statusCode).toBe(403);
    expect((await stranger.post(`${G}/rename_group`, body)).statusCode).toBe(404);
    expect((await owner.post(`${G}/rename_group`, { ...body, displayName: ' ' })).statusCode).toBe(400);
    const res = await owner.post(`${G}/rename_group`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().group).toMatchObject({
      displayName: 'New name',
      description: 'New words',
      g_name: g.g_name,
    });
    const seen = (await member.get(`${G}/load_group?group_id=${g.group_id}`)).json().group;
    expect(seen.displayName).toBe('New name');
  });

  it("the owner deletes the group: shares, memberships and the layer go, members' items stay", async () => {
    const g = await createGroup(owner);
    await joinGroup(t, owner, g, member);
    const mine = (await saveBookmark(member)).link_id;
    const own = await addHighlight(member, mine, { content: 'kept' });
    await member.request({
      method: 'POST',
      url: `/group_mana/share_to?g_name=${g.g_name}`,
      payload: { ids: `0:${mine}` },
    });
    const layered = await member.post(`${G}/add_annotation`, {
      group_id: g.group_id,
      link_id: mine,
      shape: 0,
      content: 'in the layer',
      selector: quote('in the layer'),
    });
    expect(layered.statusCode).toBe(200);
    expect((await member.post(`${G}/delete_group`, { group_id: g.group_id })).statusCode).toBe(403);
    expect((await stranger.post(`${G}/delete_group`, { group_id: g.group_id })).statusCode).toBe(404);
    const memberTab = await openLive(base, { client: member });
    expect((await owner.post(`${G}/delete_group`, { group_id: g.group_id })).json()).toEqual({ code: 1 });
    const [message] = await memberTab.waitFor(1);
    expect(message).toMatchObject({ cmd: 'group', group_id: g.group_id, change: 'deleted' });
    await memberTab.close();
    const left = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT (SELECT count(*) FROM group_members WHERE group_id = ${g.group_id})
            + (SELECT count(*) FROM group_items WHERE group_id = ${g.group_id})
            + (SELECT count(*) FROM group_annotations WHERE group_id = ${g.group_id}) AS n`,
    );
    expect(Number(left[0]!.n)).toBe(0);
    expect((await member.get(`${G}/load_group?group_id=${g.group_id}`)).statusCode).toBe(404);
    expect((await member.get(`/interact_api/load_user_item?link_id=${mine}`)).statusCode).toBe(200);
    expect((await ownAnnotations(mine)).map((a) => a.id)).toEqual([own]);
  });
});
