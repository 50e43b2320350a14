import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { MSG } from '../../../shared/messages.ts';
import { TOOLBAR_MSG } from '../../../shared/schemas/toolbar.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The extension's call as form fields. */
function permalinkForm(client: TestClient, json: unknown, user = client.name!) {
  const body = new URLSearchParams({
    v: '13',
    from: 'chrome',
    user,
    cmd: 'share_makePermalink',
    json: JSON.stringify(json),
  });
  return client.post('/toolbar_server_v13', body.toString(), FORM);
}

async function itemCount(userName: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM items i JOIN users u ON u.id = i.user_id WHERE u.name = ${userName}`,
  );
  return row!.n;
}

describe('POST /toolbar_server_v13 share_makePermalink', () => {
  it('answers the share link of a saved URL: the same one the Share dialog made, before and after', async () => {
    const alice = await t.signUp();
    const item = await saveBookmark(alice, { url: 'https://example.com/saved-page' });
    const before = (await alice.post('/api/sharing/create', { link_id: item.link_id })).json();

    const res = await permalinkForm(alice, { url: 'https://example.com/saved-page', title: 'Saved' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, permalink: before.item_url, link_id: item.link_id });
    expect(before.item_url).toMatch(new RegExp(`^${TEST_ORIGIN}/s/[A-Za-z0-9_-]{22}$`));
    expect(await itemCount(alice.name!)).toBe(1);

    // the link is the item's one key: get_share_url still gives it, and the shared page opens
    const after = (await alice.get('/item/get_share_url', { link_id: String(item.link_id) })).json();
    expect(after.item_url).toBe(before.item_url);
    const key = before.item_url.split('/s/')[1];
    expect((await t.visitor().get(`/api/sharing/shared/${key}`)).statusCode).toBe(200);
  });

  it('makes the link on first ask when the item had none, and get_share_url then gives the same', async () => {
    const alice = await t.signUp();
    const item = await saveBookmark(alice);
    const res = await alice.post('/toolbar_server_v13', {
      v: '13',
      user: alice.name,
      cmd: 'share_makePermalink',
      json: { link_id: item.link_id },
    });
    expect(res.statusCode).toBe(200);
    const { permalink, link_id } = res.json();
    expect(link_id).toBe(item.link_id);
    const info = (await alice.get('/item/get_share_url', { link_id: String(item.link_id) })).json();
    expect(info.item_url).toBe(permalink);
  });

  it('saves a new URL first, as the add form does, then shares it', async () => {
    const alice = await t.signUp();
    const res = await permalinkForm(alice, { url: 'https://example.com/new-page', title: 'A new page' });
    expect(res.statusCode).toBe(200);
    const { link_id, permalink } = res.json();
    const item = (await alice.get('/interact_api/load_user_item', { link_id: String(link_id) })).json();
    expect(item.items[0]).toMatchObject({
      link_id,
      url: 'https://example.com/new-page',
      title: 'A new page',
    });
    // the same URL again: the same item and link, nothing saved twice
    expect((await permalinkForm(alice, { url: 'https://example.com/new-page' })).json()).toEqual({
      code: 1,
      permalink,
      link_id,
    });
    expect(await itemCount(alice.name!)).toBe(1);
  });

  it('takes the json field as a JSON text in a JSON body too, and the user by id', async () => {
    const alice = await t.signUp();
    const item = await saveBookmark(alice);
    const [me] = await queryRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM users WHERE name = ${alice.name!}`,
    );
    const res = await alice.post('/toolbar_server_v13', {
      user: me!.id,
      cmd: 'share_makePermalink',
      json: JSON.stringify({ link_id: String(item.link_id) }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().link_id).toBe(item.link_id);
  });

  it("never reaches another user's item: by link_id 404 and no link made; by URL the caller's own item", async () => {
    const [alice, bob] = [await t.signUp(), await t.signUp()];
    const item = await saveBookmark(alice, { url: 'https://example.com/alice-only' });
    const byId = await permalinkForm(bob, { link_id: item.link_id });
    expect(byId.statusCode).toBe(404);
    expect(byId.json()).toEqual({ code: -1, message: MSG.notFound });
    const links = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM item_share_links WHERE item_id = ${item.link_id}`,
    );
    expect(links[0]!.n).toBe(0);

    const byUrl = (await permalinkForm(bob, { url: 'https://example.com/alice-only' })).json();
    expect(byUrl.link_id).not.toBe(item.link_id);
    expect(await itemCount(alice.name!)).toBe(1);
    expect(await itemCount(bob.name!)).toBe(1);
  });

  it('refuses a user field naming someone else (403), or none (400), and changes nothing', async () => {
    const [alice, bob] = [await t.signUp(), await t.signUp()];
    const res = await permalinkForm(alice, { url: 'https://example.com/other-user' }, bob.name!);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: -1, message: TOOLBAR_MSG.notYou });
    const missing = await alice.post('/toolbar_server_v13', {
      cmd: 'share_makePermalink',
      json: { url: 'https://example.com/other-user' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'user' });
    expect(await itemCount(alice.name!)).toBe(0);
    expect(await itemCount(bob.name!)).toBe(0);
  });

  it('answers an unknown cmd with a clear 400', async () => {
    const alice = await t.signUp();
    const body = new URLSearchParams({ user: alice.name!, cmd: 'share_deleteEverything', json: '{}' });
    const res = await alice.post('/toolbar_server_v13', body.toString(), FORM);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: -1, message: TOOLBAR_MSG.unknownCmd, field: 'cmd' });
  });

  it.each([
    ['not JSON', '{url:'],
    ['neither url nor link_id', '{"title":"x"}'],
    ['a URL that is not http', '{"url":"javascript:alert(1)"}'],
  ])('refuses json that is %s with 400 naming json', async (_what, json) => {
    const alice = await t.signUp();
    const body = new URLSearchParams({ user: alice.name!, cmd: 'share_makePermalink', json });
    const res = await alice.post('/toolbar_server_v13', body.toString(), FORM);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1, field: expect.stringMatching(/^json\b/) });
    expect(await itemCount(alice.name!)).toBe(0);
  });

  it('refuses a visitor with 401 before reading the input', async () => {
    const body = new URLSearchParams({ user: 'someone', cmd: 'nope', json: '{}' });
    const res = await t.visitor().post('/toolbar_server_v13', body.toString(), FORM);
    expect(res.statusCode).toBe(401);
  });
});

describe('form bodies', () => {
  it('any call takes its fields as application/x-www-form-urlencoded', async () => {
    const res = await t.visitor().post('/common/contact', 'subject=From+a+form&message=Hello%20there', FORM);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, email: null });
  });
});
