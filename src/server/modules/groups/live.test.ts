import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient, uniqueName } from '../../../../test/helpers/app.ts';
import { listenLocally, openLive } from '../../../../test/helpers/live.ts';

const G = '/group_api/interact_api';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listenLocally(t.app);
});
afterAll(() => t.close());

function tokenIn(raw: string): string {
  return /accept\?token=([\w-]+)/.exec(raw.replace(/=\r?\n/g, '').replace(/=3D/g, '='))![1]!;
}

async function teamOf(owner: TestClient, member: TestClient) {
  const group = (
    await owner.post(`${G}/create_group`, { name: uniqueName('live'), displayName: 'Live team' })
  ).json().group;
  const invite = await owner.post(`${G}/invite`, { group_id: group.group_id, to: member.name });
  const mail = t.inbox.findLast((m) => m.to.includes(invite.json().email))!;
  expect((await member.post(`${G}/accept`, { token: tokenIn(mail.raw) })).statusCode).toBe(200);
  return group as { group_id: number; g_name: string };
}

describe('live delivery', () => {
  it("brings a share to every member's open tab, and nothing to a stranger's", async () => {
    const owner = await t.signUp();
    const member = await t.signUp();
    const stranger = await t.signUp();
    const group = await teamOf(owner, member);
    const memberTab = await openLive(base, { client: member });
    const strangerTab = await openLive(base, { client: stranger });
    const a = await saveBookmark(owner);
    const b = await saveBookmark(owner);
    const res = await owner.request({
      method: 'POST',
      url: `/group_mana/share_to?g_name=${group.g_name}`,
      payload: { ids: `0:${a.link_id},1:${b.link_id}` },
    });
    expect(res.body).toBe('0:1,1:1');
    const [message] = await memberTab.waitFor(1);
    expect(message).toMatchObject({
      cmd: 'group',
      group_id: group.group_id,
      g_name: group.g_name,
      change: 'shared',
      item_ids: [a.link_id, b.link_id],
    });
    // the stranger's own change arrives, and nothing of the group came before it
    await saveBookmark(stranger);
    const [first] = await strangerTab.waitFor(1);
    expect((first as unknown as { cmd: unknown }).cmd).not.toBe('group');
    await memberTab.close();
    await strangerTab.close();
  });
});
