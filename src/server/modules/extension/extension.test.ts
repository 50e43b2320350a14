import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { RENDERED_MSG } from '../../../shared/schemas/extension.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
const zipFile = path.join(mkdtempSync(path.join(tmpdir(), 'folio-ext-')), 'folio-extension.zip');
let screenshot: string;

beforeAll(async () => {
  writeFileSync(zipFile, Buffer.from(`PK\x05\x06${'\0'.repeat(18)}`, 'latin1'));
  t = await createTestApp({}, { extensionZip: zipFile });
  alice = await t.signUp();
  bob = await t.signUp();
  const png = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  screenshot = `data:image/png;base64,${png.toString('base64')}`;
});
afterAll(() => t.close());

/** A page as the browser shows it once its scripts ran: the article is in the DOM, the script too. */
const rendered = (words: string) => `<!doctype html><html><head><title>Rendered</title></head><body>
<article><h1>Written by a script</h1><p>${words} ${'and more words that make an article. '.repeat(20)}</p>
<p onclick="steal()">A second paragraph with enough text to count as content for the reader.</p></article>
<script>document.querySelector('p').textContent = 'late'</script></body></html>`;

// a host no one answers: the copy must come from the request, never from fetching the page
const URL_A = 'https://unreachable.invalid/app/page?id=1';

const save = (client: TestClient, body: Record<string, unknown>) => client.post('/api/items/rendered', body);
const reader = (client: TestClient, linkId: number) =>
  client.get('/api/items/reader', { link_id: String(linkId) });

describe('POST /api/items/rendered', () => {
  it('stores the rendered page, sanitised like a capture, with the screenshot as thumbnail', async () => {
    const res = await save(alice, {
      url: URL_A,
      title: 'A page built by scripts',
      tags: 'web, apps',
      unread: 1,
      private: 0,
      html: rendered('zymurgical gardener'),
      screenshot,
    });
    expect(res.statusCode).toBe(200);
    const { item } = res.json();
    expect(item).toMatchObject({ title: 'A page built by scripts', url: URL_A, readed: 0, private: 0 });
    expect(item.t_name.split(',').sort()).toEqual(['apps', 'web']);
    await t.jobs.runDueJobs();

    const copy = (await reader(alice, item.link_id)).json();
    expect(copy.status).toBe('done');
    expect(copy.html).toContain('zymurgical gardener');
    expect(copy.html).not.toContain('<script');
    expect(copy.html).not.toContain('onclick');

    const row = (await alice.get('/interact_api/load_user_item', { link_id: String(item.link_id) })).json();
    const thumb = row.items[0].thumbnail_url;
    expect(thumb).toMatch(/^\/api\/files\/pages\/\d+\/[A-Za-z0-9_-]{22}\.png$/);
    const picture = await alice.get(thumb);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
  });

  it('updates the page already in the library: one item, the newer copy and fields', async () => {
    const first = (await save(alice, { url: `${URL_A}&v=2`, html: rendered('first words') })).json().item;
    await t.jobs.runDueJobs();
    // sent twice before the capture runs: the later copy is the one stored
    await save(alice, { url: `${URL_A}&v=2`, html: rendered('stale words') });
    const again = await save(alice, { url: `${URL_A}&v=2`, html: rendered('second words'), tags: 'kept' });
    expect(again.statusCode).toBe(200);
    expect(again.json().item.link_id).toBe(first.link_id);
    expect(again.json().item.t_name).toBe('kept');
    await t.jobs.runDueJobs();
    const copy = (await reader(alice, first.link_id)).json();
    expect(copy.html).toContain('second words');
    expect(copy.html).not.toContain('first words');
    expect(copy.html).not.toContain('stale words');
  });

  it('refuses bad input with a 400 and saves nothing', async () => {
    const url = 'https://unreachable.invalid/refused';
    const cases: [Record<string, unknown>, string][] = [
      [{ url }, 'html'],
      [{ url, html: '' }, 'html'],
      [{ url: 'javascript:alert(1)', html: '<p>x</p>' }, 'url'],
      [{ url, html: '<p>x</p>', screenshot: 'data:text/html;base64,PHA+' }, 'screenshot'],
      // says PNG, is not a picture
      [
        {
          url,
          html: '<p>x</p>',
          screenshot: `data:image/png;base64,${Buffer.from('<svg/>').toString('base64')}`,
        },
        'screenshot',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await save(alice, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field).toBe(field);
    }
    expect((await alice.get('/api/items/by-url', { url })).json()).toEqual({ link_id: null });
    expect(
      (await save(alice, { url, html: '<p>x</p>', screenshot: 'data:text/html;base64,PHA+' })).json().message,
    ).toBe(RENDERED_MSG.screenshot);
  });

  it('needs a signed-in user', async () => {
    expect((await save(t.visitor(), { url: URL_A, html: '<p>x</p>' })).statusCode).toBe(401);
    expect((await t.visitor().get('/api/items/by-url', { url: URL_A })).statusCode).toBe(401);
  });
});

describe("the extension's personal token", () => {
  it('saves and finds with a write token, and a read token saves nothing', async () => {
    const token = async (scope: string) =>
      (await alice.post('/api/tokens', { name: `Browser extension ${scope}`, scope })).json().token as string;
    const write = { authorization: `Bearer ${await token('write')}` };
    const url = 'https://unreachable.invalid/by-token';
    const saved = await t.visitor().post('/api/items/rendered', { url, html: rendered('by token') }, write);
    expect(saved.statusCode).toBe(200);
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/items/by-url?url=${encodeURIComponent(url)}`,
      headers: write,
    });
    expect(found.json()).toEqual({ link_id: saved.json().item.link_id });

    const read = { authorization: `Bearer ${await token('read')}` };
    const refused = await t
      .visitor()
      .post('/api/items/rendered', { url: `${url}/2`, html: '<p>x</p>' }, read);
    expect(refused.statusCode).toBe(403);
    expect((await alice.get('/api/items/by-url', { url: `${url}/2` })).json()).toEqual({ link_id: null });
  });
});

describe('GET /api/items/by-url', () => {
  it("finds the caller's own bookmark only: another user's address is not theirs", async () => {
    const mine = await alice.get('/api/items/by-url', { url: URL_A });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().link_id).toEqual(expect.any(Number));
    expect((await bob.get('/api/items/by-url', { url: URL_A })).json()).toEqual({ link_id: null });
    expect((await alice.get('/api/items/by-url', { url: 'not a url' })).statusCode).toBe(400);
  });
});

describe('GET /extension/folio-extension.zip', () => {
  it('serves the packed extension to anyone', async () => {
    const res = await t.visitor().get('/extension/folio-extension.zip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="folio-extension.zip"');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
