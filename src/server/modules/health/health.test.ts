import { sql } from 'drizzle-orm';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { articlePage, type PagePeer, startPagePeer } from '../../../../test/helpers/page-peer.ts';
import { describe as describeRange } from '../../../shared/anchoring/anchor.ts';
import { indexText } from '../../../shared/anchoring/text-position.ts';
import { queryRows } from '../../db/client.ts';
import { queueLinkHealth } from './service.ts';

const DAY = 86_400_000;
const SPACING = 10_000;

let t: TestApp;
let a: PagePeer;
let b: PagePeer;
let alice: TestClient;
let bob: TestClient;
const ids: Record<string, number> = {};

const words = (seed: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${seed}${i % 7 === 0 ? '' : i}`).join(' ');
const STAYING = [
  `Tomatoes need warmth and light to ripen well on a balcony in the summer. ${words('sun', 40)}`,
  `Water them deeply twice a week and never let the soil dry out completely. ${words('water', 40)}`,
  `A stake or a cage keeps the heavy stems from bending and breaking. ${words('stake', 40)}`,
];
const OLD = [
  ...STAYING,
  `Pinch the side shoots so the plant puts its strength into the fruit. ${words('pinch', 60)}`,
];
const NEW = [
  `Peppers like the same warm corner and ripen from green to red in late summer. ${words('pepper', 60)}`,
  ...STAYING,
];

const health = (client: TestClient, id: number) => client.get(`/api/items/${id}/health`);

/** Moves the clock on; the sessions, which would have ended meanwhile, are opened again. */
async function advance(ms: number) {
  t.clock.advance(ms);
  for (const client of [alice, bob]) {
    const res = await client.post('/api/auth/sign-in', { name_or_email: client.name, password: 'secret123' });
    expect(res.statusCode).toBe(200);
  }
}

/** Runs the sweep as often as the host spacing allows, until nothing is due. */
async function sweep(rounds: number) {
  for (let i = 0; i < rounds; i++) {
    await t.jobs.runDueJobs();
    t.clock.advance(SPACING);
  }
}

beforeAll(async () => {
  a = await startPagePeer('127.0.0.1', { now: () => t.clock.now().getTime() });
  b = await startPagePeer('127.0.0.2', { now: () => t.clock.now().getTime() });
  t = await createTestApp({ FETCH_ALLOW_PRIVATE: '1', LINK_CHECK_HOST_SPACING_MS: String(SPACING) });
  alice = await t.signUp();
  bob = await t.signUp();
  for (const path of ['/stays', '/moves', '/gone404', '/gone410', '/fails', '/changes'])
    a.set(path, { status: 200, html: articlePage(`Page ${path}`, path === '/changes' ? OLD : STAYING) });
  b.set('/slow', { status: 200, html: articlePage('Slow', STAYING) });
  for (const path of ['/stays', '/moves', '/gone404', '/gone410', '/fails', '/changes'])
    ids[path] = (await saveBookmark(alice, { url: a.url(path), title: path })).link_id;
  ids['/slow'] = (await saveBookmark(alice, { url: b.url('/slow'), title: 'slow' })).link_id;
  ids.invalid = (
    await saveBookmark(alice, { url: 'http://no-such-site.invalid/page', title: 'gone' })
  ).link_id;
  await t.jobs.runDueJobs(); // the captures
}, 120_000);
afterAll(async () => {
  await t.close();
  await a.close();
  await b.close();
});

describe('link health', () => {
  it('re-checks saved bookmarks after 30 days: ok, redirected, gone, changed; one request per host per spacing', async () => {
    a.set('/moves', { status: 301, location: '/moved-here' });
    a.set('/moved-here', { status: 200, html: articlePage('Moved', STAYING) });
    a.set('/gone404', { status: 404 });
    a.set('/gone410', { status: 410 });
    a.set('/fails', { status: 500 });
    a.set('/changes', { status: 200, html: articlePage('Page /changes', NEW) });

    // not due before 30 days
    await queueLinkHealth(t.jobs, t.database.db);
    await sweep(2);
    expect((await health(alice, ids['/stays']!)).json().state).toBe('unchecked');

    a.requests.length = 0;
    await advance(31 * DAY);
    await sweep(10);

    const stays = (await health(alice, ids['/stays']!)).json();
    expect(stays).toMatchObject({ state: 'ok', status: 200, changed_ratio: 0 });
    expect(stays.checked_at).toBeGreaterThan(0);
    expect((await health(alice, ids['/moves']!)).json()).toMatchObject({
      state: 'redirected',
      final_url: a.url('/moved-here'),
    });
    expect((await health(alice, ids['/gone404']!)).json()).toMatchObject({ state: 'gone', status: 404 });
    expect((await health(alice, ids['/gone410']!)).json()).toMatchObject({ state: 'gone', status: 410 });
    expect((await health(alice, ids.invalid!)).json()).toMatchObject({ state: 'gone', status: null });
    const changed = (await health(alice, ids['/changes']!)).json();
    expect(changed.state).toBe('changed');
    expect(changed.changed_ratio).toBeGreaterThan(0.2);
    // a 500 once is not yet unreachable
    expect((await health(alice, ids['/fails']!)).json()).toMatchObject({ state: 'unchecked', status: 500 });

    // the spacing held: requests to one host at least SPACING apart (the page's redirect is one check)
    const checks = a.requests.filter((r) => r.path !== '/moved-here').map((r) => r.at);
    expect(checks.length).toBe(6);
    for (let i = 1; i < checks.length; i++)
      expect(checks[i]! - checks[i - 1]!).toBeGreaterThanOrEqual(SPACING);
  });

  it('a 5xx tried again days later makes the link unreachable', async () => {
    await advance(3 * DAY + 1000);
    await sweep(2);
    expect((await health(alice, ids['/fails']!)).json()).toMatchObject({ state: 'unreachable', status: 500 });
  });

  it('lists broken and changed bookmarks in the library (health=broken|changed)', async () => {
    const list = async (healthFilter: string) =>
      (await alice.get('/interact_api/load_user_items', { health: healthFilter })).json();
    const broken = await list('broken');
    expect(broken.items.map((i: { link_id: number }) => i.link_id).sort()).toEqual(
      [ids['/gone404'], ids['/gone410'], ids['/fails'], ids.invalid].sort(),
    );
    expect(broken.total).toBe(4);
    const changed = await list('changed');
    expect(changed.items.map((i: { link_id: number }) => i.link_id)).toEqual([ids['/changes']]);
    expect((await alice.get('/interact_api/load_user_items', { health: 'dead' })).statusCode).toBe(400);
  });

  it('a timeout checked now, twice days apart, makes the link unreachable', async () => {
    b.set('/slow', { hang: true });
    const check = async (hits: number) => {
      const pending = alice.post(`/api/items/${ids['/slow']}/check`);
      await b.waitForHits('/slow', hits);
      t.fetchDeadlines.expire();
      return (await pending).json();
    };
    const before = b.requests.filter((r) => r.path === '/slow').length;
    // the sweep found it ok; one timeout leaves it so
    expect(await check(before + 1)).toMatchObject({ state: 'ok' });
    await advance(3 * DAY);
    expect(await check(before + 2)).toMatchObject({ state: 'unreachable', status: null });
  });

  it('shows the changes of a changed page word by word', async () => {
    const res = await alice.get(`/api/items/${ids['/changes']}/changes`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const marked = (parts: { text: string; mark: boolean }[]) =>
      parts
        .filter((p) => p.mark)
        .map((p) => p.text)
        .join(' ');
    expect(marked(body.saved)).toContain('Pinch the side shoots');
    expect(marked(body.saved)).not.toContain('Tomatoes need warmth');
    expect(marked(body.current)).toContain('Peppers like the same warm corner');
    expect(body.current.map((p: { text: string }) => p.text).join('')).toContain('Tomatoes need warmth');
    // an unchanged page has no changes view
    expect((await alice.get(`/api/items/${ids['/stays']}/changes`)).statusCode).toBe(404);
  });

  it('Update copy keeps the old copy as a version and re-anchors highlights, none on wrong text', async () => {
    const id = ids['/changes']!;
    const textOf = (html: string) => {
      const { document } = parseHTML(`<!doctype html><html><body><article>${html}</article></body></html>`);
      return indexText(document.querySelector('article')!).text;
    };
    const oldText = textOf((await alice.get('/api/items/reader', { link_id: String(id) })).json().html);
    const highlight = async (quote: string) => {
      const start = oldText.indexOf(quote);
      expect(start).toBeGreaterThanOrEqual(0);
      const res = await alice.post('/annotation_mana/add_annotation', {
        link_id: id,
        shape: 0,
        content: quote,
        selector: JSON.stringify(describeRange(oldText, start, start + quote.length)),
      });
      expect(res.statusCode).toBe(200);
      return res.json().annotation.id as number;
    };
    const kept = await highlight('never let the soil dry out completely');
    const gone = await highlight('Pinch the side shoots so the plant');

    const res = await alice.post(`/api/items/${id}/update-copy`);
    expect(res.statusCode).toBe(200);
    const done = res.json();
    expect(done).toMatchObject({ reanchored: 1, orphaned: 1 });

    const newHtml = (await alice.get('/api/items/reader', { link_id: String(id) })).json().html;
    expect(newHtml).toContain('Peppers like the same warm corner');
    const newText = textOf(newHtml);
    const rows = await queryRows<{
      id: string;
      selector: { type: string; start?: number; end?: number }[];
      page_version_id: string | null;
    }>(
      t.database.db,
      sql`SELECT id, selector, page_version_id FROM annotations WHERE item_id = ${id} ORDER BY id`,
    );
    const keptRow = rows.find((r) => Number(r.id) === kept)!;
    const position = keptRow.selector.find((s) => s.type === 'TextPositionSelector')!;
    // moved with its paragraph, and on exactly its words
    expect(newText.slice(position.start, position.end)).toBe('never let the soil dry out completely');
    expect(position.start).not.toBe(oldText.indexOf('never let the soil dry out completely'));
    expect(keptRow.page_version_id).toBeNull();
    const goneRow = rows.find((r) => Number(r.id) === gone)!;
    expect(Number(goneRow.page_version_id)).toBe(done.version_id);

    const versions = (await alice.get(`/api/items/${id}/versions`)).json().versions;
    expect(versions).toHaveLength(1);
    expect(versions[0]).toMatchObject({ version_id: done.version_id, orphaned: [{ id: gone }] });
    const old = (await alice.get(`/api/items/${id}/versions/${done.version_id}`)).json();
    expect(old.html).toContain('Pinch the side shoots');
    expect((await health(alice, id)).json()).toMatchObject({ state: 'ok', changed_ratio: 0 });
  });

  it("refuses another user's items and bad ids", async () => {
    const id = ids['/changes']!;
    expect((await health(bob, id)).statusCode).toBe(404);
    expect((await bob.post(`/api/items/${id}/check`)).statusCode).toBe(404);
    expect((await bob.get(`/api/items/${id}/changes`)).statusCode).toBe(404);
    expect((await bob.post(`/api/items/${id}/update-copy`)).statusCode).toBe(404);
    expect((await bob.get(`/api/items/${id}/versions`)).statusCode).toBe(404);
    const versions = (await alice.get(`/api/items/${id}/versions`)).json().versions;
    expect((await bob.get(`/api/items/${id}/versions/${versions[0].version_id}`)).statusCode).toBe(404);
    expect(
      (await alice.get(`/api/items/${ids['/stays']}/versions/${versions[0].version_id}`)).statusCode,
    ).toBe(404);
    expect((await alice.get('/api/items/abc/health')).statusCode).toBe(400);
    expect((await t.visitor().get(`/api/items/${id}/health`)).statusCode).toBe(401);
    // bob's library never lists alice's broken links
    const list = (await bob.get('/interact_api/load_user_items', { health: 'broken' })).json();
    expect(list.items).toEqual([]);
  });
});
