import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, inviteTokenFor } from '../../../../test/factories/groups.ts';
import { createTestApp, type TestApp, type TestClient, uniqueName } from '../../../../test/helpers/app.ts';
import { listenLocally, openLive } from '../../../../test/helpers/live.ts';
import { GROUP_INVITE_DAYS, GROUP_MSG } from '../../../shared/schemas/groups.ts';
import { queryRows } from '../../db/client.ts';

/**
 * Pending invitations seen in the app, not only in the mail (issue 27): the invitee's list in My
 * Groups, accepting or declining there, the invitation page naming the group and the inviter, and a
 * live notice to the invitee's open tabs.
 */
let t: TestApp;
let owner: TestClient;
let member: TestClient;
let stranger: TestClient;

const G = '/group_api/interact_api';

interface Listed {
  invite_id: number;
  group: { group_id: number; g_name: string; displayName: string; mode: string };
  inviter: { name: string; display_name: string };
}
const invitationsOf = async (client: TestClient): Promise<Listed[]> => {
  const res = await client.get(`${G}/load_invitations`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.invitations;
};
const invite = async (group: { group_id: number }, to: string) => {
  const res = await owner.post(`${G}/invite`, { group_id: group.group_id, to });
  expect(res.statusCode, res.body).toBe(200);
};
const isMember = async (client: TestClient, group: { group_id: number }) =>
  (await client.get(`${G}/load_group`, { group_id: String(group.group_id) })).statusCode === 200;
async function invitationRows(groupId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM group_invites WHERE group_id = ${groupId}`,
  );
  return row!.n;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  member = await t.signUp();
  stranger = await t.signUp();
});
afterAll(() => t.close());

describe('load_invitations', () => {
  it("lists the caller's pending invitations with the group and the inviter, never another user's", async () => {
    const group = await createGroup(owner, uniqueName('club'), 'Evening readers');
    await invite(group, member.name!);
    // an address no account has: the link is for whoever holds it, it is listed to no one
    await invite(group, `${uniqueName('nobody')}@example.com`);

    const listed = await invitationsOf(member);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      group: { group_id: group.group_id, g_name: group.g_name, displayName: 'Evening readers', mode: 'team' },
      inviter: { name: owner.name },
    });
    expect(await invitationsOf(stranger)).toEqual([]);
    // the owner's own list holds no invitation they sent
    expect(await invitationsOf(owner)).toEqual([]);
  });

  it('lists a group once when its owner invited twice', async () => {
    const group = await createGroup(owner);
    const twice = await t.signUp();
    await invite(group, twice.name!);
    await invite(group, `${twice.name}@example.com`);
    expect((await invitationsOf(twice)).map((i) => i.group.group_id)).toEqual([group.group_id]);
  });

  it('needs a session', async () => {
    expect((await t.visitor().get(`${G}/load_invitations`)).statusCode).toBe(401);
  });
});

describe('accept and decline from the list', () => {
  it('accepting makes the caller a member and takes every invitation of that group off the list', async () => {
    const group = await createGroup(owner);
    const joiner = await t.signUp();
    await invite(group, joiner.name!);
    await invite(group, joiner.name!);
    const [listed] = await invitationsOf(joiner);
    const res = await joiner.post(`${G}/accept_invitation`, { invite_id: String(listed!.invite_id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 1, group: { group_id: group.group_id, role: 'member' } });
    expect(await isMember(joiner, group)).toBe(true);
    expect(await invitationsOf(joiner)).toEqual([]);
    expect(await invitationRows(group.group_id)).toBe(0);
  });

  it('declining removes the invitation, and the mailed link with it', async () => {
    const group = await createGroup(owner);
    const decliner = await t.signUp();
    await invite(group, decliner.name!);
    const token = inviteTokenFor(t, `${decliner.name}@example.com`);
    const [listed] = await invitationsOf(decliner);
    const res = await decliner.post(`${G}/decline_invitation`, { invite_id: listed!.invite_id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await invitationsOf(decliner)).toEqual([]);
    expect(await isMember(decliner, group)).toBe(false);
    expect((await decliner.post(`${G}/accept`, { token })).statusCode).toBe(404);
  });

  it("another user's invitation is not found: neither accepted nor declined", async () => {
    const group = await createGroup(owner);
    const invitee = await t.signUp();
    await invite(group, invitee.name!);
    const [listed] = await invitationsOf(invitee);
    for (const path of ['accept_invitation', 'decline_invitation']) {
      const res = await stranger.post(`${G}/${path}`, { invite_id: listed!.invite_id });
      expect(res.statusCode, path).toBe(404);
    }
    // nor by the group's owner, who sent it
    expect((await owner.post(`${G}/decline_invitation`, { invite_id: listed!.invite_id })).statusCode).toBe(
      404,
    );
    expect(await isMember(stranger, group)).toBe(false);
    expect(await invitationsOf(invitee)).toHaveLength(1);
  });

  it('refuses bad input with 400, and a visitor with 401', async () => {
    for (const invite_id of ['', 'x', '-1', '1.5']) {
      const res = await member.post(`${G}/accept_invitation`, { invite_id });
      expect(res.statusCode, invite_id).toBe(400);
      expect(res.json().field).toBe('invite_id');
    }
    expect((await member.post(`${G}/decline_invitation`, {})).statusCode).toBe(400);
    expect((await t.visitor().post(`${G}/decline_invitation`, { invite_id: 1 })).statusCode).toBe(401);
  });
});

describe('load_invitation (the page of the mailed link)', () => {
  it('names the group and the inviter to the user it was sent to', async () => {
    const group = await createGroup(owner, uniqueName('club'), 'Morning readers');
    const invitee = await t.signUp();
    await invite(group, invitee.name!);
    const token = inviteTokenFor(t, `${invitee.name}@example.com`);
    const res = await invitee.get(`${G}/load_invitation`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: 1,
      invitation: { group: { displayName: 'Morning readers', mode: 'team' }, inviter: { name: owner.name } },
    });
    const other = await stranger.get(`${G}/load_invitation`, { token });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(GROUP_MSG.inviteForSomeoneElse);
    expect(JSON.stringify(other.json())).not.toContain('Morning readers');
    const unknown = await invitee.get(`${G}/load_invitation`, { token: 'x'.repeat(32) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(GROUP_MSG.inviteInvalid);
  });
});

describe('live notice', () => {
  it("reaches the invitee's open tab when the invitation is sent", async () => {
    const base = await listenLocally(t.app);
    const invitee = await t.signUp();
    const tab = await openLive(base, { client: invitee });
    const group = await createGroup(owner);
    await invite(group, invitee.name!);
    const [message] = await tab.waitFor(1);
    expect(message).toMatchObject({ cmd: 'group', group_id: group.group_id, change: 'invited' });
    await tab.close();
  });
});

// last: it moves the clock on
describe('expiry', () => {
  it('no longer lists an invitation whose link has run out', async () => {
    const group = await createGroup(owner);
    const late = await t.signUp();
    await invite(group, late.name!);
    expect(await invitationsOf(late)).toHaveLength(1);
    t.clock.advance((GROUP_INVITE_DAYS + 1) * 86_400_000);
    // the session idled out meanwhile
    await late.post('/api/auth/sign-in', { name_or_email: late.name, password: 'secret123' });
    expect(await invitationsOf(late)).toEqual([]);
    const [listed] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM group_invites WHERE group_id = ${group.group_id}`,
    );
    expect((await late.post(`${G}/accept_invitation`, { invite_id: Number(listed!.id) })).statusCode).toBe(
      404,
    );
  });
});
