import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { fixture, startTestSite, type TestSite } from '../../../../test/helpers/test-site.ts';

let t: TestApp;
let site: TestSite;
let alice: TestClient;
let bob: TestClient;
let privateId: number;
let publicId: number;
let uncapturedId: number;
beforeAll(async () => {
  site = await startTestSite();
  t = await createTestApp({ FETCH_ALLOW_PRIVATE: '1' });
  alice = await t.signUp();
  bob = await t.signUp();
  privateId = (await saveBookmark(alice, { url: site.url('/article.html'), title: '', private: true }))
    .link_id;
  publicId = (await saveBookmark(alice, { url: site.url('/no-title.html'), private: false })).link_id;
  await t.jobs.runDueJobs();
  uncapturedId = (await saveBookmark(alice, { url: site.url('/redirect/1'), private: false })).link_id;
});
afterAll(async () => {
  await t.close();
  await site.close();
});

const cached = (client: TestClient, query: Record<string, string>) => client.get('/cached', query);
const reader = (client: TestClient, linkId: number) =>
  client.get('/api/items/reader', { link_id: String(linkId) });

describe('GET /cached', () => {
  it('serves the stored copy sandboxed, with a banner naming the page and the capture date', async () => {
    const res = await cached(alice, { url: site.url('/article.html') });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const csp = String(res.headers['content-security-policy']);
    expect(csp.startsWith('sandbox;')).toBe(true);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('img-src http: https: data:');
    expect(csp).not.toContain('allow-scripts');
    expect(csp).not.toContain('allow-same-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body).toContain(`This is a copy of <a href="${site.url('/article.html')}">`);
    expect(res.body).toContain(`<time datetime="${t.clock.now().toISOString()}">`);
    expect(res.body).toContain('zymurgical gardener');
    expect(res.body).not.toContain('<script');
    expect(res.body).not.toContain('document.cookie');
  });

  it('finds the copy by link_id too', async () => {
    const res = await cached(alice, { link_id: String(privateId) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Growing Tomatoes on a Balcony</h1>');
  });

  it("refuses another user's private copy, by URL and by link_id", async () => {
    expect((await cached(bob, { url: site.url('/article.html') })).statusCode).toBe(404);
    expect((await cached(bob, { link_id: String(privateId) })).statusCode).toBe(404);
    expect((await cached(t.visitor(), { link_id: String(privateId) })).statusCode).toBe(404);
  });

  it("lets anyone open a public item's copy", async () => {
    for (const client of [bob, t.visitor()]) {
      expect((await cached(client, { url: site.url('/no-title.html') })).statusCode).toBe(200);
      expect((await cached(client, { link_id: String(publicId) })).statusCode).toBe(200);
    }
  });

  it('answers a missing copy with a small sandboxed HTML page for the browser tab', async () => {
    for (const [client, query] of [
      [alice, { link_id: String(uncapturedId) }],
      [alice, { url: 'https://never-saved.example/' }],
      [bob, { link_id: String(privateId) }],
    ] as const) {
      const res = await cached(client, query);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(String(res.headers['content-security-policy']).startsWith('sandbox;')).toBe(true);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toContain('<h1>No cached copy of this page yet</h1>');
      expect(res.body).not.toContain('Growing Tomatoes');
    }
  });

  it('answers 404 when there is no copy, and 400 without url or link_id', async () => {
    expect((await cached(alice, { link_id: String(uncapturedId) })).statusCode).toBe(404);
    expect((await cached(alice, { url: 'https://never-saved.example/' })).statusCode).toBe(404);
    expect((await cached(alice, { link_id: '99999999' })).statusCode).toBe(404);
    const res = await cached(alice, {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1, message: 'url or link_id is required.' });
  });
});

describe("a stored copy's pictures", () => {
  it('are stored at capture and served from here, so opening the copy never calls the site', async () => {
    const page = (await cached(alice, { link_id: String(privateId) })).body;
    const src = page.match(/<img src="([^"]+)"/)?.[1];
    expect(src).toMatch(/^\/api\/files\/pages\/\d+\/[A-Za-z0-9_-]{22}\.jpg$/);
    expect(page).not.toContain(`${site.origin}/images/`);
    const hits = site.hits.get('/images/seedlings.jpg');
    expect(hits).toBeGreaterThanOrEqual(1);

    // the copy is a sandboxed document without cookies: the picture's random name grants it
    const picture = await t.visitor().get(src!);
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(fixture('uploads/photo.jpg'))).toBe(true);
    expect(picture.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cross-origin-resource-policy': 'cross-origin',
    });
    expect(site.hits.get('/images/seedlings.jpg')).toBe(hits);

    // a name no copy shows is not served
    expect((await alice.get(src!.replace(/[A-Za-z0-9_-]{22}/, 'A'.repeat(22)))).statusCode).toBe(404);
    expect((await alice.get('/api/files/pages/1/..%2F..%2Fetc.jpg')).statusCode).toBe(404);
  });

  it('never hot-links: a copy stored before its pictures were kept shows none of the addresses', async () => {
    // a state no command makes any more: copies captured before pictures were stored kept the
    // site's addresses, which the reader's CSP blocks (http:) or would load from the site (https:)
    await t.database.db.execute(sql`
      UPDATE item_pages SET html = html || ${
        '<p>Old <img src="http://old.example/a.jpg" alt="old">' +
        '<img src="https://cdn.example/b.png" alt="cdn"> <img src="data:image/png;base64,AAAA" alt="inline">' +
        '<img alt="no source"></p>'
      }
      WHERE item_id = ${privateId}`);
    for (const html of [
      (await reader(alice, privateId)).json().html as string,
      (await cached(alice, { link_id: String(privateId) })).body,
    ]) {
      expect(html).toContain('<p>Old  </p>');
      expect(html).not.toContain('old.example');
      expect(html).not.toContain('cdn.example');
      expect(html).not.toContain('data:image');
      expect(html).toMatch(/<img src="\/api\/files\/pages\/\d+\/[A-Za-z0-9_-]{22}\.jpg" alt="Seedlings/);
    }
  });
});

describe('GET /api/items/reader', () => {
  it('gives the owner the reader HTML, capture date and status', async () => {
    const body = (await reader(alice, privateId)).json();
    expect(body).toMatchObject({
      title: 'Growing Tomatoes on a Balcony',
      url: site.url('/article.html'),
      status: 'done',
      captured_at: Math.floor(t.clock.now().getTime() / 1000),
    });
    expect(body.html).toContain('Sungold');
  });

  it("refuses another user's private item and lets anyone read a public one", async () => {
    expect((await reader(bob, privateId)).statusCode).toBe(404);
    expect((await reader(t.visitor(), privateId)).statusCode).toBe(404);
    const visitor = await reader(t.visitor(), publicId);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().html).toContain('migrating birds');
  });

  it('reports a bookmark not captured yet as pending, without HTML', async () => {
    expect((await reader(alice, uncapturedId)).json()).toMatchObject({
      status: 'pending',
      html: '',
      captured_at: null,
    });
  });

  it('refuses bad input with 400', async () => {
    expect((await alice.get('/api/items/reader', { link_id: 'abc' })).statusCode).toBe(400);
  });
});
