import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGroup, joinGroup } from '../../../../test/factories/groups.ts';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { queryRows } from '../../db/client.ts';

const G = '/group_api/interact_api';

let t: TestApp;
let owner: TestClient;
let member: TestClient;
let group: { group_id: number; g_name: string };
let itemId: number;

const add = (client: TestClient, content: string) =>
  client.post(`${G}/add_annotation`, {
    group_id: group.group_id,
    link_id: itemId,
    shape: 0,
    content,
    selector: JSON.stringify([{ type: 'TextQuoteSelector', exact: content }]),
  });
const rowsOf = async (content: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM group_annotations WHERE content = ${content}`,
    )
  )[0]!.n;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  member = await t.signUp();
  group = await createGroup(owner);
  await joinGroup(t, owner, group, member);
  itemId = (await saveBookmark(owner)).link_id;
  const shared = await owner.request({
    method: 'POST',
    url: `/group_mana/share_to?g_name=${group.g_name}`,
    payload: { ids: `0:${itemId}` },
  });
  expect(shared.body).toBe('0:1');
});
afterAll(() => t.close());

describe("the group scope's one insert", () => {
  it('makes one annotation of the same highlight sent twice at once', async () => {
    const replies = await Promise.all([add(member, 'at once'), add(member, 'at once')]);
    const ids = replies.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json().annotation.id as number;
    });
    expect(ids[1]).toBe(ids[0]);
    expect(await rowsOf('at once')).toBe(1);
  });

  it("keeps each member's own: the same highlight by two members is two annotations", async () => {
    const mine = (await add(member, 'both of us')).json().annotation;
    const theirs = (await add(owner, 'both of us')).json().annotation;
    expect(theirs.id).not.toBe(mine.id);
    expect([mine.author, theirs.author]).toEqual([member.name, owner.name]);
    expect(await rowsOf('both of us')).toBe(2);
  });
});
