import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildItem, saveBookmark, userIdOf } from '../../../../test/factories/items.ts';
import { setPlan, setUsage } from '../../../../test/factories/users.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { startTestSite, type TestSite } from '../../../../test/helpers/test-site.ts';
import { queryRows } from '../../db/client.ts';
import { InProcessEventBus, userTopic } from '../../platform/event-bus.ts';

let t: TestApp;
let site: TestSite;
let alice: TestClient;
let premium: TestClient;
const bus = new InProcessEventBus();
beforeAll(async () => {
  site = await startTestSite();
  t = await createTestApp({ FETCH_ALLOW_PRIVATE: '1' }, { bus });
  alice = await t.signUp();
  premium = await t.signUp();
  await setPlan(t.database, premium);
});
afterAll(async () => {
  await t.close();
  await site.close();
});

const reader = (client: TestClient, linkId: number) =>
  client.get('/api/items/reader', { link_id: String(linkId) });

async function itemRow(linkId: number) {
  const [row] = await queryRows<{
    title: string;
    thumbnail_url: string | null;
    capture_status: string | null;
    capture_error: string | null;
  }>(
    t.database.db,
    sql`SELECT title, thumbnail_url, capture_status, capture_error FROM items WHERE id = ${linkId}`,
  );
  return row!;
}

/** jobs still to run or failed; finished ones stay until pruned */
const jobRows = () =>
  queryRows<{ status: string; attempts: number }>(
    t.database.db,
    sql`SELECT status, attempts FROM jobs WHERE status <> 'done'`,
  );

describe('page capture', () => {
  it('captures a new bookmark in the background: title, sanitised reader HTML, text, lead image', async () => {
    const url = site.url('/article.html');
    const saved = await saveBookmark(alice, { url, title: '' });
    expect(saved.title).toBe(url);
    expect((await reader(alice, saved.link_id)).json()).toMatchObject({ status: 'pending', html: '' });

    const events: unknown[] = [];
    const off = bus.subscribe(userTopic(await userIdOf(t.database, alice.name!)), (e) => events.push(e));
    expect(await t.jobs.runDueJobs()).toEqual({ succeeded: 1, retried: 0, failed: 0 });
    off();

    const res = await reader(alice, saved.link_id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ title: 'Growing Tomatoes on a Balcony', url, status: 'done' });
    expect(body.captured_at).toBe(Math.floor(t.clock.now().getTime() / 1000));
    expect(body.html).toContain('zymurgical gardener');
    // the picture is served from the store, not the site
    expect(body.html).toMatch(/<img src="\/api\/files\/pages\/\d+\/[A-Za-z0-9_-]{22}\.jpg" alt="Seedlings/);
    expect(body.html).not.toContain(`${site.origin}/images/`);
    expect(body.html).toContain(
      `<a href="${site.origin}/guides/feeding" rel="noopener noreferrer nofollow">`,
    );
    for (const bad of [
      '<script',
      'onerror',
      'onclick',
      'onload',
      'javascript:',
      '<iframe',
      '<form',
      'injected',
    ]) {
      expect(body.html).not.toContain(bad);
    }
    // the cover (og:image) is stored and served from here too, never hot-linked
    const row = await itemRow(saved.link_id);
    expect(row).toMatchObject({ title: 'Growing Tomatoes on a Balcony', capture_status: 'done' });
    expect(row.thumbnail_url).toMatch(/^\/api\/files\/pages\/\d+\/[A-Za-z0-9_-]{22}\.jpg$/);
    const cover = await alice.get(row.thumbnail_url!);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
    // and the site's icon, once for its host and port (another port of the same name is another site)
    const icon = await t.app.inject({ method: 'GET', url: `/api/favicons/${new URL(url).host}` });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/x-icon');
    expect(site.hits.get('/favicon.ico')).toBe(1);
    // open tabs hear the new title
    expect(events).toEqual([
      expect.objectContaining({
        link_id: saved.link_id,
        item: expect.objectContaining({ title: body.title }),
      }),
    ]);
    expect(await jobRows()).toEqual([]);
  });

  it("keeps the user's own title and counts the page against the cached-page quota", async () => {
    const before = await usedCount(alice);
    const saved = await saveBookmark(alice, { url: site.url('/article.gz.html'), title: 'Mine' });
    await t.jobs.runDueJobs();
    expect((await itemRow(saved.link_id)).title).toBe('Mine');
    expect(await usedCount(alice)).toBe(before + 1);
    // the host's icon was fetched by the first capture, and is not asked for again
    expect(site.hits.get('/favicon.ico')).toBe(1);
  });

  it('answers 404 for the icon of a host never captured, and for names that are not hosts', async () => {
    for (const host of [
      'never.example',
      '..',
      'a%2Fb',
      '127.0.0.1:',
      'a:b',
      '127.0.0.1:99999',
      `${'a'.repeat(254)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/favicons/${host}` });
      // a name too long for a route parameter is 414, before the route runs
      expect([400, 404, 414], host).toContain(res.statusCode);
    }
  });

  it('makes page text searchable with snapshot=yes for premium users only', async () => {
    const saved = await saveBookmark(premium, { url: site.url('/article.html'), title: 'Balcony notes' });
    await t.jobs.runDueJobs();
    const search = (client: TestClient, what: string, snapshot?: string) =>
      client.get('/interact_api/load_user_items', { what, snapshot });
    expect((await search(premium, 'zymurgical')).json().total).toBe(0);
    const full = await search(premium, 'zymurgical', 'yes');
    expect(full.json().items.map((i: { link_id: number }) => i.link_id)).toEqual([saved.link_id]);
    // the title still matches; a negated page word excludes the item but not one never captured
    expect((await search(premium, 'balcony notes', 'yes')).json().total).toBe(1);
    const uncaptured = await buildItem(t.database, await userIdOf(t.database, premium.name!), {
      title: 'Balcony chairs',
    });
    const negated = (await search(premium, 'balcony NOT zymurgical', 'yes')).json();
    expect(negated.items.map((i: { link_id: number }) => i.link_id)).toEqual([uncaptured]);
    expect((await search(premium, '"ferment the surplus"', 'yes')).json().total).toBe(1);

    const free = await search(alice, 'zymurgical', 'yes');
    expect(free.statusCode).toBe(402);
    expect(free.json()).toEqual({ code: -3, message: 'Go premium to use fulltext search' });
  });

  it('captures again when the URL changes, and not when the same URL is saved again', async () => {
    const saved = await saveBookmark(alice, { url: site.url('/no-title.html'), title: '' });
    await t.jobs.runDueJobs();
    expect((await itemRow(saved.link_id)).title).toBe(site.url('/no-title.html'));
    await saveBookmark(alice, { url: site.url('/no-title.html'), title: '' });
    expect(await jobRows()).toEqual([]);

    await alice.post('/item/save/bookmark', { link_id: saved.link_id, new_url: site.url('/redirect/2') });
    expect((await reader(alice, saved.link_id)).json()).toMatchObject({ status: 'pending', html: '' });
    await t.jobs.runDueJobs();
    const body = (await reader(alice, saved.link_id)).json();
    expect(body).toMatchObject({ status: 'done', url: site.url('/redirect/2') });
    expect(body.html).toContain('zymurgical');
  });

  it('retries a failing page with backoff, then succeeds', async () => {
    const saved = await saveBookmark(alice, { url: site.url('/flaky/retry1?fail=2') });
    expect(await t.jobs.runDueJobs()).toEqual({ succeeded: 0, retried: 1, failed: 0 });
    expect(await itemRow(saved.link_id)).toMatchObject({
      capture_status: 'pending',
      capture_error: 'The site answered HTTP 503.',
    });
    expect((await reader(alice, saved.link_id)).json()).toMatchObject({
      status: 'pending',
      error: 'The site answered HTTP 503.',
    });
    // not due before the backoff has passed
    expect(await t.jobs.runDueJobs()).toEqual({ succeeded: 0, retried: 0, failed: 0 });
    t.clock.advance(t.jobs.backoffMs(1));
    expect(await t.jobs.runDueJobs()).toEqual({ succeeded: 0, retried: 1, failed: 0 });
    t.clock.advance(t.jobs.backoffMs(2));
    expect(await t.jobs.runDueJobs()).toEqual({ succeeded: 1, retried: 0, failed: 0 });
    expect(await itemRow(saved.link_id)).toMatchObject({ capture_status: 'done', capture_error: null });
  });

  it.each([
    ['/pixel.png', "The page's content type (image/png) is not accepted here."],
    ['/huge.html', 'The page is larger than 5242880 bytes.'],
    ['/status/404', 'The site answered HTTP 404.'],
  ])('records a permanent failure of %s on the item without retrying', async (path, error) => {
    const saved = await saveBookmark(alice, { url: site.url(path) });
    expect(await t.jobs.runDueJobs()).toEqual({ succeeded: 1, retried: 0, failed: 0 });
    expect(await itemRow(saved.link_id)).toMatchObject({ capture_status: 'failed', capture_error: error });
    const item = (await alice.get('/interact_api/load_user_item', { link_id: String(saved.link_id) })).json();
    expect(item.items[0].link_id).toBe(saved.link_id);
  });

  it("names a bookmark of a PDF by the PDF's metadata title; it has no reader copy", async () => {
    const url = site.url('/water-board-2023.pdf');
    const saved = await saveBookmark(alice, { url, title: '' });
    expect(saved.title).toBe(url);
    expect(await t.jobs.runDueJobs()).toEqual({ succeeded: 1, retried: 0, failed: 0 });
    expect(await itemRow(saved.link_id)).toMatchObject({
      title: 'Annual report of the county water board, 2023',
      capture_status: 'failed',
      capture_error: "The page's content type (application/pdf) is not accepted here.",
    });
    // a title the user gave stays
    const named = await saveBookmark(alice, { url: `${url}?copy=1`, title: 'Water 2023' });
    await t.jobs.runDueJobs();
    expect((await itemRow(named.link_id)).title).toBe('Water 2023');
  });

  it('gives up on a slow page after the timeout, retrying until the last attempt', async () => {
    const saved = await saveBookmark(alice, { url: site.url('/slow.html') });
    // each attempt reaches the page, which trickles on until the test ends its time
    const timedOut = async () => {
      const run = t.jobs.runDueJobs();
      await site.waitForHits('/slow.html', (site.hits.get('/slow.html') ?? 0) + 1);
      t.fetchDeadlines.expire();
      return run;
    };
    for (let attempt = 1; attempt < 5; attempt++) {
      expect((await timedOut()).retried).toBe(1);
      t.clock.advance(t.jobs.backoffMs(attempt));
    }
    expect(await timedOut()).toEqual({ succeeded: 1, retried: 0, failed: 0 });
    expect(await itemRow(saved.link_id)).toMatchObject({
      capture_status: 'failed',
      capture_error: `The page did not load within ${t.config.fetchTimeoutMs} ms.`,
    });
  });

  it('stops at the free lifetime quota: the 500th page is kept, the 501st skipped with status quota', async () => {
    const bob = await t.signUp();
    await setUsage(t.database, bob, 'cachedPage', 499);
    const last = await saveBookmark(bob, { url: site.url('/article.html') });
    await t.jobs.runDueJobs();
    expect((await reader(bob, last.link_id)).json().status).toBe('done');
    expect(await usedCount(bob)).toBe(500);

    const over = await saveBookmark(bob, { url: site.url('/no-title.html') });
    const hitsBefore = site.hits.get('/no-title.html') ?? 0;
    await t.jobs.runDueJobs();
    expect((await reader(bob, over.link_id)).json()).toMatchObject({ status: 'quota', html: '' });
    expect(site.hits.get('/no-title.html') ?? 0).toBe(hitsBefore);
    expect(await usedCount(bob)).toBe(500);
    const info = (await bob.get('/interact_api/load_user_info')).json();
    expect(info.permissions.cachedPagePermission).toEqual({
      cachedPagePermission: false,
      cachedPageQuota: 500,
      cachedPageUsedCount: 500,
    });
  });

  it('keeps capturing for premium plans past the free quota', async () => {
    await setUsage(t.database, premium, 'cachedPage', 900);
    const saved = await saveBookmark(premium, { url: site.url('/no-title.html') });
    await t.jobs.runDueJobs();
    expect((await reader(premium, saved.link_id)).json().status).toBe('done');
  });

  it('does nothing for a bookmark deleted before its capture ran', async () => {
    const saved = await saveBookmark(alice, { url: site.url('/latin1.html') });
    await alice.post('/ditem_mana2/delete_b', { link_id: String(saved.link_id) });
    const hitsBefore = site.hits.get('/latin1.html') ?? 0;
    expect(await t.jobs.runDueJobs()).toEqual({ succeeded: 1, retried: 0, failed: 0 });
    expect(site.hits.get('/latin1.html') ?? 0).toBe(hitsBefore);
    expect(await jobRows()).toEqual([]);
  });
});

async function usedCount(client: TestClient): Promise<number> {
  const id = await userIdOf(t.database, client.name!);
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT cached_page_used AS n FROM users WHERE id = ${id}`,
  );
  return row!.n;
}
