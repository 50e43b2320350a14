import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addHighlight } from '../../../../test/factories/annotations.ts';
import { createGroup, joinGroup } from '../../../../test/factories/groups.ts';
import { saveBookmark, userIdOf } from '../../../../test/factories/items.ts';
import { setPlan, setUsage } from '../../../../test/factories/users.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { HIGHLIGHT_OVER_QUOTA } from '../../../shared/schemas/values.ts';
import { queryRows } from '../../db/client.ts';
import { queueTrashPurge } from './trash.ts';

let t: TestApp;
let owner: TestClient;
let member: TestClient;
let stranger: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  member = await t.signUp();
  stranger = await t.signUp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const trashList = async (client: TestClient) => (await client.get('/api/trash')).json();
const del = (client: TestClient, id: number | string) =>
  client.post('/ditem_mana2/delete_b', { link_id: id });
const rowExists = async (id: number) =>
  (await queryRows(t.database.db, sql`SELECT 1 FROM items WHERE id = ${id}`)).length > 0;
const used = async (client: TestClient) => {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT annotation_used AS n FROM users WHERE name = ${client.name!}`,
  );
  return Number(row!.n);
};

describe('a deleted item is in the trash and nowhere else', () => {
  it('leaves every list, search, count, feed, share link, group and export, and comes back restored', async () => {
    await setPlan(t.database, owner);
    const word = `zephyr${Date.now()}`;
    const tag = `ferns${Date.now()}`;
    const item = await saveBookmark(owner, { title: `About ${word}`, tags: tag, private: false });
    await addHighlight(owner, item.link_id);
    const shareKey = (await owner.post('/api/sharing/create', { link_id: item.link_id }))
      .json()
      .item_url.split('/s/')[1];
    const group = await createGroup(owner);
    await joinGroup(t, owner, group, member);
    await owner.request({
      method: 'POST',
      url: `/group_mana/share_to?g_name=${group.g_name}`,
      payload: { ids: `0:${item.link_id}` },
    });
    const feedPath = new URL((await owner.post('/api/rss/private', { enabled: 'true' })).json().feed_url)
      .pathname;

    const views = async () => {
      const name = owner.name!;
      const list = (await owner.get('/interact_api/load_user_items', { username: name })).json();
      const search = (
        await owner.get('/interact_api/search_user_items', { username: name, what: word })
      ).json();
      const tags = (await owner.get('/interact_api/load_user_tags', { username: name })).json();
      const profile = (
        await t.visitor().get('/interact_api/load_user_profile_items', { username: name })
      ).json();
      const groupItems = (
        await member.get('/group_api/interact_api/load_user_items', { group_id: String(group.group_id) })
      ).json();
      const groups = (await member.get('/interact_api/load_user_groups')).json();
      return {
        listed: list.items.some((i: { link_id: number }) => i.link_id === item.link_id),
        total: list.total,
        found: search.total,
        tagged: JSON.stringify(tags).includes(tag),
        profile: profile.items.length,
        publicFeed: (await t.visitor().get(`/rss/${name}`)).body.includes(word),
        privateFeed: (await t.visitor().get(feedPath)).body.includes(word),
        share: (await t.visitor().get(`/api/sharing/shared/${shareKey}`)).statusCode,
        group: groupItems.data.total,
        groupCount: JSON.stringify(groups).includes('"item_count":1'),
        one: (await owner.get('/interact_api/load_user_item', { link_id: String(item.link_id) })).statusCode,
        annotations: (await owner.get('/api/annotations/list', { link_id: String(item.link_id) })).statusCode,
        exported: (await owner.post('/api/export/items', { link_ids: String(item.link_id), format: 'md' }))
          .statusCode,
      };
    };
    const live = await views();
    expect(live).toMatchObject({
      listed: true,
      total: 1,
      found: 1,
      tagged: true,
      profile: 1,
      publicFeed: true,
    });
    expect(live).toMatchObject({ privateFeed: true, share: 200, group: 1, groupCount: true, one: 200 });
    expect(live).toMatchObject({ annotations: 200, exported: 200 });

    const deleted = await del(owner, item.link_id);
    expect(deleted.json()).toEqual({ code: 1, link_ids: [item.link_id] });
    expect(await views()).toEqual({
      listed: false,
      total: 0,
      found: 0,
      tagged: false,
      profile: 0,
      publicFeed: false,
      privateFeed: false,
      share: 404,
      group: 0,
      groupCount: false,
      one: 404,
      annotations: 404,
      exported: 404,
    });
    // nothing may change it while it is trashed
    expect(
      (await owner.post('/ditem_mana2/mark_readed', { link_id: item.link_id, readed: 0 })).statusCode,
    ).toBe(404);

    const trash = await trashList(owner);
    expect(trash.total).toBe(1);
    expect(trash.items[0]).toMatchObject({ link_id: item.link_id, t_name: tag, annotation_count: 1 });
    expect(trash.items[0].purge_at - trash.items[0].trashed_at).toBe(30 * 86_400);

    const restored = await owner.post('/api/trash/restore', { link_id: String(item.link_id) });
    expect(restored.json()).toEqual({ code: 1, link_ids: [item.link_id] });
    expect(await views()).toEqual(live);
    expect((await trashList(owner)).total).toBe(0);
  });
});

describe('restore takes the quota again', () => {
  it('restores under the quota and refuses over it with the over-quota reply, taking nothing', async () => {
    const user = await t.signUp();
    const a = await saveBookmark(user);
    const b = await saveBookmark(user);
    await addHighlight(user, a.link_id);
    await addHighlight(user, a.link_id);
    await addHighlight(user, b.link_id);
    expect(await used(user)).toBe(3);
    await del(user, `${a.link_id},${b.link_id}`);
    expect(await used(user)).toBe(0);

    // the free plan has 100 highlights: 98 used leave no room for a's and b's three
    await setUsage(t.database, user, 'annotation', 98);
    const refused = await user.post('/api/trash/restore', { link_id: `${a.link_id},${b.link_id}` });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toMatchObject({
      code: HIGHLIGHT_OVER_QUOTA.code,
      message: HIGHLIGHT_OVER_QUOTA.message,
    });
    expect(await used(user)).toBe(98);
    expect((await trashList(user)).total).toBe(2);

    const one = await user.post('/api/trash/restore', { link_id: String(a.link_id) });
    expect(one.json()).toEqual({ code: 1, link_ids: [a.link_id] });
    expect(await used(user)).toBe(100);
    expect((await trashList(user)).items.map((i: { link_id: number }) => i.link_id)).toEqual([b.link_id]);
  });

  it('refuses to restore a bookmark whose address is in the library again', async () => {
    const user = await t.signUp();
    const url = `https://example.com/again-${Date.now()}`;
    const first = await saveBookmark(user, { url });
    await del(user, first.link_id);
    const second = await saveBookmark(user, { url });
    expect(second.link_id).not.toBe(first.link_id);
    const res = await user.post('/api/trash/restore', { link_id: String(first.link_id) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/already|again/);
  });
});

describe('delete forever, Empty trash and the daily purge', () => {
  it('deletes for real only trashed items of the caller', async () => {
    const user = await t.signUp();
    const a = await saveBookmark(user);
    const b = await saveBookmark(user);
    const c = await saveBookmark(user);
    await del(user, `${a.link_id},${b.link_id}`);
    expect((await user.post('/api/trash/delete', { link_id: String(a.link_id) })).json()).toEqual({
      code: 1,
      link_ids: [a.link_id],
    });
    expect(await rowExists(a.link_id)).toBe(false);
    // a live item is not in the trash
    expect((await user.post('/api/trash/delete', { link_id: String(c.link_id) })).statusCode).toBe(404);
    expect((await user.post('/api/trash/empty')).json()).toEqual({ code: 1, link_ids: [b.link_id] });
    expect(await rowExists(b.link_id)).toBe(false);
    expect(await rowExists(c.link_id)).toBe(true);
  });

  it("refuses another user's ids on every call", async () => {
    const mine = await saveBookmark(owner);
    await del(owner, mine.link_id);
    for (const path of ['/api/trash/restore', '/api/trash/delete']) {
      const res = await stranger.post(path, { link_id: String(mine.link_id) });
      expect(res.statusCode, path).toBe(404);
    }
    expect((await del(stranger, mine.link_id)).statusCode).toBe(404);
    await stranger.post('/api/trash/empty');
    expect((await trashList(stranger)).total).toBe(0);
    expect((await trashList(owner)).items.map((i: { link_id: number }) => i.link_id)).toContain(mine.link_id);
    expect(await rowExists(mine.link_id)).toBe(true);
    await owner.post('/api/trash/delete', { link_id: String(mine.link_id) });
  });

  it('purges what was trashed more than 30 days ago, on the clock', async () => {
    const user = await t.signUp();
    const uid = await userIdOf(t.database, user.name!);
    const old = await saveBookmark(user, { tags: 'kept-tag' });
    await del(user, old.link_id);
    t.clock.advance(29 * DAY);
    // sessions end meanwhile: another user trashes an item now
    const later = await t.signUp();
    const recent = await saveBookmark(later);
    await del(later, recent.link_id);
    await queueTrashPurge(t.jobs, t.database.db);
    await t.jobs.runDueJobs();
    expect(await rowExists(old.link_id)).toBe(true);

    t.clock.advance(2 * DAY);
    await t.jobs.runDueJobs();
    expect(await rowExists(old.link_id)).toBe(false);
    expect(await rowExists(recent.link_id)).toBe(true);
    // the trashed item's tag went with it
    const tags = await queryRows(
      t.database.db,
      sql`SELECT 1 FROM tags WHERE user_id = ${uid} AND name = 'kept-tag'`,
    );
    expect(tags).toEqual([]);
  });
});
