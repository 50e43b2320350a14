import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, inviteTokenFor, joinGroup } from '../../../../test/factories/groups.ts';
import { saveBookmark, saveNote } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient, uniqueName } from '../../../../test/helpers/app.ts';
import { GROUP_MSG } from '../../../shared/schemas/groups.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
let owner: TestClient;
let member: TestClient;
let stranger: TestClient;

const G = '/group_api/interact_api';

async function count(table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql.raw(`SELECT count(*)::int AS n FROM ${table}`),
  );
  return row!.n;
}

const join = (group: { group_id: number }, client: TestClient) => joinGroup(t, owner, group, client);
const tokenFor = (email: string) => inviteTokenFor(t, email);

const share = (client: TestClient, gName: string | undefined, ids: string) =>
  client.request({
    method: 'POST',
    url: `/group_mana/share_to${gName === undefined ? '' : `?g_name=${encodeURIComponent(gName)}`}`,
    payload: { ids },
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  member = await t.signUp();
  stranger = await t.signUp();
});
afterAll(() => t.close());

describe('create and list', () => {
  it('creates a team owned by the caller and lists it; the name is unique ignoring case', async () => {
    const name = uniqueName('Crew');
    const group = await createGroup(owner, name);
    expect(group).toMatchObject({ g_name: name, accessMode: 5, role: 'owner' });
    const list = (await owner.get('/interact_api/load_user_groups')).json().data.groups;
    expect(list.map((g: { g_name: string }) => g.g_name)).toContain(name);
    const again = await stranger.post(`${G}/create_group`, { name: name.toLowerCase(), displayName: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(GROUP_MSG.nameTaken);
    expect((await stranger.get('/interact_api/load_user_groups')).json().data.groups).toEqual([]);
  });

  it('makes a class for an education address', async () => {
    const teacher = await t.signUp({ email: `${uniqueName('t')}@school.edu` });
    expect((await createGroup(teacher)).accessMode).toBe(6);
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await count('groups');
    for (const body of [
      { name: '1bad', displayName: 'x' },
      { name: 'ab', displayName: 'x' },
      { name: uniqueName('ok'), displayName: '' },
      { name: uniqueName('ok'), displayName: 'x\u0000' },
      { name: '', displayName: 'x' },
    ]) {
      const res = await owner.post(`${G}/create_group`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(-1);
    }
    expect(await count('groups')).toBe(before);
  });

  it('needs a session', async () => {
    expect((await t.visitor().get('/interact_api/load_user_groups')).statusCode).toBe(401);
    expect(
      (await t.visitor().post(`${G}/create_group`, { name: uniqueName(), displayName: 'x' })).statusCode,
    ).toBe(401);
  });
});

describe('membership', () => {
  it('invites by user name and by e-mail, accepts once, and lists members', async () => {
    const group = await createGroup(owner);
    await join(group, member);
    const byMail = await t.signUp();
    const invite = await owner.post(`${G}/invite`, {
      group_id: group.group_id,
      to: `${byMail.name}@example.com`,
    });
    expect(invite.json()).toMatchObject({ code: 1, user: byMail.name });
    const token = tokenFor(`${byMail.name}@example.com`);
    expect((await byMail.post(`${G}/accept`, { token })).statusCode).toBe(200);
    expect((await byMail.post(`${G}/accept`, { token })).statusCode).toBe(404);
    const loaded = (await member.get(`${G}/load_group`, { group_id: String(group.group_id) })).json();
    expect(loaded.members.map((m: { name: string; role: string }) => [m.name, m.role])).toEqual(
      expect.arrayContaining([
        [owner.name, 'owner'],
        [member.name, 'member'],
        [byMail.name, 'member'],
      ]),
    );
  });

  it('an invitation to a named user works only for that user', async () => {
    const group = await createGroup(owner);
    await owner.post(`${G}/invite`, { group_id: group.group_id, to: member.name });
    const res = await stranger.post(`${G}/accept`, { token: tokenFor(`${member.name}@example.com`) });
    expect(res.statusCode).toBe(403);
    expect((await stranger.get(`${G}/load_group`, { group_id: String(group.group_id) })).statusCode).toBe(
      404,
    );
  });

  it('only the owner invites and removes members; the owner cannot leave; a member can', async () => {
    const group = await createGroup(owner);
    await join(group, member);
    const third = await t.signUp();
    await join(group, third);
    const id = String(group.group_id);
    const members = (await owner.get(`${G}/load_group`, { group_id: id })).json().members;
    const thirdId = members.find((m: { name: string }) => m.name === third.name).user_id;
    const ownerId = members.find((m: { name: string }) => m.name === owner.name).user_id;
    expect((await member.post(`${G}/invite`, { group_id: id, to: stranger.name })).statusCode).toBe(403);
    expect((await member.post(`${G}/remove_member`, { group_id: id, user_id: thirdId })).statusCode).toBe(
      403,
    );
    expect((await stranger.post(`${G}/remove_member`, { group_id: id, user_id: thirdId })).statusCode).toBe(
      404,
    );
    expect((await owner.post(`${G}/remove_member`, { group_id: id, user_id: ownerId })).statusCode).toBe(400);
    expect((await owner.post(`${G}/leave`, { group_id: id })).statusCode).toBe(400);
    expect((await owner.post(`${G}/remove_member`, { group_id: id, user_id: thirdId })).statusCode).toBe(200);
    expect((await third.get(`${G}/load_group`, { group_id: id })).statusCode).toBe(404);
    expect((await member.post(`${G}/leave`, { group_id: id })).statusCode).toBe(200);
    expect((await member.get(`${G}/load_group`, { group_id: id })).statusCode).toBe(404);
    expect((await member.post(`${G}/leave`, { group_id: id })).statusCode).toBe(404);
  });

  it('refuses an unknown name and a bad address, and re-inviting a member', async () => {
    const group = await createGroup(owner);
    await join(group, member);
    const before = await count('group_invites');
    const unknown = await owner.post(`${G}/invite`, { group_id: group.group_id, to: 'nobody-here' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(GROUP_MSG.notAUser);
    expect((await owner.post(`${G}/invite`, { group_id: group.group_id, to: member.name })).statusCode).toBe(
      409,
    );
    expect((await owner.post(`${G}/invite`, { group_id: 'x', to: member.name })).statusCode).toBe(400);
    expect((await owner.post(`${G}/accept`, { token: 'short' })).statusCode).toBe(400);
    expect(await count('group_invites')).toBe(before);
  });
});

describe('sharing', () => {
  it('shares items by index:id and replies index:flag; others, notes and unknown ids get 0', async () => {
    const group = await createGroup(owner);
    await join(group, member);
    const a = await saveBookmark(owner, { private: true, title: 'Private one' });
    const b = await saveBookmark(owner, { title: 'Public one' });
    const note = await saveNote(owner);
    const foreign = await saveBookmark(stranger);
    const res = await share(
      owner,
      group.g_name,
      `0:${a.link_id},1:${b.link_id},2:${note},3:${foreign.link_id},4:999999`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toBe('0:1,1:1,2:0,3:0,4:0');
    // sharing again changes nothing and still succeeds
    expect((await share(owner, group.g_name, `0:${a.link_id}`)).body).toBe('0:1');

    const items = (
      await member.get(`${G}/load_user_items`, { group_id: String(group.group_id), count: '5' })
    ).json();
    expect(items.code).toBe(0);
    expect(items.data.total).toBe(2);
    expect(items.data.items.map((i: { item_id: number }) => i.item_id).sort()).toEqual(
      [a.link_id, b.link_id].sort(),
    );
    expect(items.data.items[0]).toMatchObject({ shared_by: owner.name, item: { canEdit: false } });

    // the member reads the private item read-only in the group, never outside it
    const one = await member.get(`${G}/load_item`, {
      group_id: String(group.group_id),
      item_id: String(a.link_id),
    });
    expect(one.json().data.item.title).toBe('Private one');
    expect(
      (await member.get('/interact_api/load_user_item', { link_id: String(a.link_id) })).statusCode,
    ).toBe(404);
    expect((await member.post('/item/delete', { link_ids: String(a.link_id) })).statusCode).not.toBe(200);

    const shared = (
      await owner.get('/interact_api/load_shared_to_groups', { links_id: `${a.link_id},${b.link_id}` })
    ).json();
    expect(shared.data[0]).toMatchObject({ link_id: a.link_id, groups: [{ g_name: group.g_name }] });
    expect(
      (await stranger.get('/interact_api/load_shared_to_groups', { links_id: String(a.link_id) })).statusCode,
    ).toBe(404);
  });

  it('answers code -1 without a group name or link ids, 400 for malformed ids, and writes nothing', async () => {
    const group = await createGroup(owner);
    const b = await saveBookmark(owner);
    const before = await count('group_items');
    const noName = await share(owner, undefined, `0:${b.link_id}`);
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({ code: -1, message: GROUP_MSG.noGroupName });
    expect((await share(owner, '', `0:${b.link_id}`)).json().message).toBe(GROUP_MSG.noGroupName);
    const noIds = await share(owner, group.g_name, '');
    expect(noIds.json()).toMatchObject({ code: -1, message: GROUP_MSG.noLinkIds });
    const missing = await owner.request({
      method: 'POST',
      url: `/group_mana/share_to?g_name=${group.g_name}`,
      payload: {},
    });
    expect(missing.json()).toMatchObject({ code: -1, message: GROUP_MSG.noLinkIds });
    for (const ids of ['abc', `0:${b.link_id},x`, '0:-1', `0:${b.link_id},1:0`])
      expect((await share(owner, group.g_name, ids)).statusCode, ids).toBe(400);
    expect(await count('group_items')).toBe(before);
  });

  it('refuses every group call to a non-member', async () => {
    const group = await createGroup(owner);
    const b = await saveBookmark(owner);
    await share(owner, group.g_name, `0:${b.link_id}`);
    const mine = await saveBookmark(stranger);
    const id = String(group.group_id);
    expect((await share(stranger, group.g_name, `0:${mine.link_id}`)).statusCode).toBe(404);
    expect((await stranger.get(`${G}/load_group`, { group_id: id })).statusCode).toBe(404);
    expect((await stranger.get(`${G}/load_user_items`, { group_id: id })).statusCode).toBe(404);
    expect(
      (await stranger.get(`${G}/load_item`, { group_id: id, item_id: String(b.link_id) })).statusCode,
    ).toBe(404);
    expect((await stranger.post(`${G}/invite`, { group_id: id, to: stranger.name })).statusCode).toBe(404);
    expect((await stranger.post(`${G}/leave`, { group_id: id })).statusCode).toBe(404);
    expect((await t.visitor().get(`${G}/load_user_items`, { group_id: id })).statusCode).toBe(401);
    // an item not shared to the group is not found through it, even for a member
    await join(group, member);
    const unshared = await saveBookmark(owner);
    expect(
      (await member.get(`${G}/load_item`, { group_id: id, item_id: String(unshared.link_id) })).statusCode,
    ).toBe(404);
  });

  it('shows members the highlights members made, each with its author; a leaver takes their shares along', async () => {
    const group = await createGroup(owner);
    await join(group, member);
    const b = await saveBookmark(owner, { private: true });
    const hl = await owner.post('/annotation_mana/add_annotation', {
      link_id: b.link_id,
      shape: 0,
      content: 'a quoted line',
      selector: [{ type: 'TextQuoteSelector', exact: 'a quoted line' }],
    });
    expect(hl.statusCode, hl.body).toBe(200);
    await share(owner, group.g_name, `0:${b.link_id}`);
    const one = (
      await member.get(`${G}/load_item`, { group_id: String(group.group_id), item_id: String(b.link_id) })
    ).json();
    expect(one.data.annotations).toEqual([
      expect.objectContaining({ content: 'a quoted line', author: owner.name }),
    ]);
    // a member cannot annotate someone else's shared item: read-only
    const write = await member.post('/annotation_mana/add_annotation', {
      link_id: b.link_id,
      shape: 0,
      content: 'x',
      selector: [{ type: 'TextQuoteSelector', exact: 'x' }],
    });
    expect(write.statusCode).toBe(404);

    const mine = await saveBookmark(member);
    await share(member, group.g_name, `0:${mine.link_id}`);
    expect(
      (await owner.get(`${G}/load_user_items`, { group_id: String(group.group_id) })).json().data.total,
    ).toBe(2);
    await member.post(`${G}/leave`, { group_id: group.group_id });
    expect(
      (await owner.get(`${G}/load_user_items`, { group_id: String(group.group_id) })).json().data.total,
    ).toBe(1);
  });

  it('lists newest first with count and page', async () => {
    const group = await createGroup(owner);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const b = await saveBookmark(owner);
      t.clock.advance(1000);
      await share(owner, group.g_name, `0:${b.link_id}`);
      ids.push(b.link_id);
    }
    const page = async (p: string) =>
      (await owner.get(`${G}/load_user_items`, { group_id: String(group.group_id), count: '2', page: p }))
        .json()
        .data.items.map((i: { item_id: number }) => i.item_id);
    expect(await page('1')).toEqual([ids[2], ids[1]]);
    expect(await page('2')).toEqual([ids[0]]);
    expect(
      (await owner.get(`${G}/load_user_items`, { group_id: String(group.group_id), count: '0' })).statusCode,
    ).toBe(400);
  });
});
