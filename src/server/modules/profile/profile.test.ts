import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark, saveNote } from '../../../../test/factories/items.ts';
import { setPlan } from '../../../../test/factories/users.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';

let t: TestApp;
let owner: TestClient;
let viewer: TestClient;
let visitor: TestClient;
const SECRET = 'zanzibar';

/** Public items tagged css and 'web design'; private ones carry the secret tag and word, and css too. */
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  viewer = await t.signUp();
  visitor = t.visitor();
  await saveBookmark(owner, { title: 'Public css guide', tags: 'css,"web design"', private: false });
  await saveBookmark(owner, { title: 'Public react notes', tags: 'react', private: false });
  await saveBookmark(owner, { title: `Private ${SECRET} plan`, tags: `css,${SECRET}`, private: true });
  await saveBookmark(owner, { title: 'Private other', tags: `${SECRET}`, private: true, unread: true });
  await saveNote(owner, { title: `Note ${SECRET}`, tags: [SECRET] });
});
afterAll(() => t.close());

const everyone = () =>
  [
    ['owner', owner],
    ['viewer', viewer],
    ['visitor', visitor],
  ] as const;

describe('public library calls', () => {
  it('list only public items, with public totals and related tags, to everyone (the owner too)', async () => {
    for (const path of ['/interact_api/load_user_profile_items', '/interact_api/search_user_profile_items']) {
      for (const [who, client] of everyone()) {
        const res = await client.get(path, { username: owner.name });
        expect(res.statusCode, who).toBe(200);
        const body = res.json();
        expect(body.items.map((i: { title: string }) => i.title).sort(), who).toEqual([
          'Public css guide',
          'Public react notes',
        ]);
        expect(body.total, who).toBe(2);
        expect(body.unread_total, who).toBe(0);
        expect(JSON.stringify(body), who).not.toContain(SECRET);
        expect(body.rss_link).toBe(`/rss/${owner.name}`);
      }
    }
  });

  it('never reveals private items through filters, searches or tags', async () => {
    const queries: Record<string, string>[] = [
      { what: SECRET },
      { what: `#${SECRET}` },
      { what: '#css' },
      { privacy: 'private' },
      { type: 'note' },
      { unread: 'yes' },
      { what: 'Private' },
      { what: 'NOT react' },
    ];
    for (const q of queries) {
      for (const [who, client] of everyone()) {
        const body = (
          await client.get('/interact_api/search_user_profile_items', { username: owner.name!, ...q })
        ).json();
        const label = `${who} ${JSON.stringify(q)}`;
        // what the reply tells (query_context and rss_link echo the query itself)
        const told = JSON.stringify([body.items, body.rel_tags]);
        expect(told, label).not.toContain(SECRET);
        expect(told, label).not.toContain('Private');
        for (const i of body.items) expect(i.private, label).toBe(0);
        expect(body.total, label).toBeLessThanOrEqual(2);
        for (const tag of body.rel_tags) expect(tag.name, label).not.toBe(SECRET);
      }
    }
    const css = (
      await owner.get('/interact_api/search_user_profile_items', { username: owner.name!, what: '#"css"' })
    ).json();
    expect(css.total).toBe(1);
    expect(css.rss_link).toBe(`/rss/${owner.name}/tag/css`);
  });

  it('counts tags over public items only and leaves out tags only private items carry', async () => {
    for (const [who, client] of everyone()) {
      for (const sort of ['top', 'recent']) {
        const body = (
          await client.get('/interact_api/load_user_profile_tags', { username: owner.name!, sort })
        ).json();
        const byName = Object.fromEntries(
          body.tags.map((x: { name: string; count: number }) => [x.name, x.count]),
        );
        expect(byName, `${who} ${sort}`).toEqual({ css: 1, 'web design': 1, react: 1 });
        expect(body.total, who).toBe(3);
      }
    }
    // the owner's own tag list still counts everything
    const own = (await owner.get('/interact_api/load_user_tags')).json();
    expect(own.tags.find((x: { name: string }) => x.name === 'css').count).toBe(2);
  });

  it('load_profile_info gives the user-meta header and isSelf, without private fields', async () => {
    const res = await visitor.get('/interact_api/load_profile_info', { username: owner.name });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ name: owner.name, teacher: false, isSelf: false, real_name: owner.name });
    expect(data.regist_at).toBeGreaterThan(0);
    expect(data).not.toHaveProperty('email');
    expect(data.adsInfo).toMatchObject({ showAds: true, adPosition: 3 });
    const self = (await owner.get('/interact_api/load_profile_info', { username: owner.name })).json();
    expect(self.data.isSelf).toBe(true);
    expect(
      (await visitor.get('/interact_api/load_profile_info', { username: 'nobody-here' })).statusCode,
    ).toBe(404);
    expect((await visitor.get('/interact_api/load_profile_info', { username: '' })).statusCode).toBe(400);
  });

  it("Change display name (settings' changeRealName) changes only the caller's name on the profile", async () => {
    const res = await owner.post('/api/settings/changeRealName', {
      firstName: ' Ada ',
      lastName: 'Lovelace',
    });
    expect(res.json()).toMatchObject({ code: 1 });
    const info = (await visitor.get('/interact_api/load_profile_info', { username: owner.name })).json();
    expect(info.data).toMatchObject({ real_name: 'Ada Lovelace', firstName: 'Ada', lastName: 'Lovelace' });
    expect((await visitor.post('/api/settings/changeRealName', { firstName: 'X' })).statusCode).toBe(401);
    const long = await owner.post('/api/settings/changeRealName', {
      firstName: 'x'.repeat(101),
      lastName: '',
    });
    expect(long.statusCode).toBe(400);
    const after = (await visitor.get('/interact_api/load_profile_info', { username: owner.name })).json();
    expect(after.data.firstName).toBe('Ada');
  });

  it('answers bad input with 400', async () => {
    for (const q of [{ count: '7' }, { sort: 'nope' }, { page_num: '-1' }]) {
      const res = await visitor.get('/interact_api/load_user_profile_items', { username: owner.name!, ...q });
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
    }
    expect(
      (await visitor.get('/interact_api/load_user_profile_tags', { username: owner.name!, count: '0' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('RSS feeds', () => {
  it("a user's public feed is RSS 2.0 of public items only, escaped", async () => {
    await saveBookmark(owner, { title: 'Tom & <Jerry>', tags: 'cartoons', private: false });
    const res = await visitor.get(`/rss/${owner.name}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/rss+xml');
    expect(res.body).toContain('<rss version="2.0">');
    expect(res.body).toContain('Tom &amp; &lt;Jerry&gt;');
    expect(res.body).toContain('Public css guide');
    expect(res.body).not.toContain(SECRET);
    expect(res.body).not.toContain('Private');
  });

  it('a public tag has a feed; a tag only private items carry answers 404 like an unknown one', async () => {
    const css = await visitor.get(`/rss/${owner.name}/tag/css`);
    expect(css.statusCode).toBe(200);
    expect(css.body).toContain('Public css guide');
    expect(css.body).not.toContain(SECRET);
    expect((await visitor.get(`/rss/${owner.name}/tag/${SECRET}`)).statusCode).toBe(404);
    expect((await visitor.get(`/rss/${owner.name}/tag/unheard-of`)).statusCode).toBe(404);
    expect((await visitor.get('/rss/nobody-at-all')).statusCode).toBe(404);
  });

  it('the private feed is premium only, behind a secret token, and revoked when turned off', async () => {
    const refused = await owner.post('/api/rss/private', { enabled: 'true' });
    expect(refused.statusCode).toBe(402);
    await setPlan(t.database, owner);
    const on = (await owner.post('/api/rss/private', { enabled: 'true' })).json();
    expect(on).toMatchObject({ code: 1, enabled: true });
    const path = new URL(on.feed_url).pathname;
    const token = path.split('/').pop()!;
    const feed = await visitor.get(path);
    expect(feed.statusCode).toBe(200);
    expect(feed.body).toContain(SECRET);
    expect(feed.headers['cache-control']).toContain('no-store');
    // only its hash is stored
    const rows = await t.database.db.execute(`SELECT token_hash FROM rss_feeds` as never);
    expect(JSON.stringify(rows)).not.toContain(token);
    // a new address replaces the old one
    const again = (await owner.post('/api/rss/private', { enabled: 1 })).json();
    expect((await visitor.get(path)).statusCode).toBe(404);
    const path2 = new URL(again.feed_url).pathname;
    expect((await visitor.get(path2)).statusCode).toBe(200);
    const off = (await owner.post('/api/rss/private', { enabled: 'false' })).json();
    expect(off).toEqual({ code: 1, enabled: false, feed_url: '' });
    expect((await visitor.get(path2)).statusCode).toBe(404);
    expect((await visitor.get('/rss/private/guessed-token')).statusCode).toBe(404);
    // a lapsed plan stops the feed too
    const third = (await owner.post('/api/rss/private', { enabled: true })).json();
    await setPlan(t.database, owner, 'free');
    expect((await visitor.get(new URL(third.feed_url).pathname)).statusCode).toBe(404);
    expect((await visitor.post('/api/rss/private', { enabled: true })).statusCode).toBe(401);
    expect((await owner.post('/api/rss/private', {})).statusCode).toBe(400);
  });
});
