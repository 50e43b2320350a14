import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { startTestSite, type TestSite } from '../../../../test/helpers/test-site.ts';

let t: TestApp;
let site: TestSite;
let alice: TestClient;
beforeAll(async () => {
  site = await startTestSite();
  t = await createTestApp({ FETCH_ALLOW_PRIVATE: '1' });
  alice = await t.signUp();
  // her own tags: the title of the article mentions two of them
  await saveBookmark(alice, { url: 'https://example.com/t1', tags: 'tomatoes balcony knitting' });
});
afterAll(async () => {
  await t.close();
  await site.close();
});

const fetchMeta = (client: TestClient, url: unknown) => client.post('/fetch_meta', { url });

describe('POST /fetch_meta', () => {
  it("returns the page's title, description and the user's tags the title mentions", async () => {
    const res = await fetchMeta(alice, site.url('/article.html'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      title: 'Growing Tomatoes on a Balcony',
      description: 'How to grow tomatoes in pots on a small city balcony, from seed to harvest.',
    });
    expect([...body.tags].sort()).toEqual(['balcony', 'tomatoes']);
  });

  it('follows redirects and reads a Latin-1 page', async () => {
    expect((await fetchMeta(alice, site.url('/redirect/3'))).json().title).toBe(
      'Growing Tomatoes on a Balcony',
    );
    expect((await fetchMeta(alice, site.url('/latin1.html'))).json().title).toBe('Café crème');
  });

  it('reads the title from the head of a huge page', async () => {
    expect((await fetchMeta(alice, site.url('/huge.html'))).json()).toMatchObject({
      title: 'A huge page',
      description: 'Far beyond any size cap.',
    });
  });

  it("gives a PDF's title from its metadata", async () => {
    expect((await fetchMeta(alice, site.url('/water-board-2023.pdf'))).json()).toMatchObject({
      title: 'Annual report of the county water board, 2023',
      description: '',
    });
  });

  it.each([
    ['a page with no title', '/no-title.html'],
    ['a file that is not HTML', '/pixel.png'],
    ['a missing page', '/status/404'],
    ['too many redirects', '/redirect/9'],
  ])('falls back to the URL as title for %s', async (_label, path) => {
    const res = await fetchMeta(alice, site.url(path));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ title: site.url(path), description: '', tags: [] });
  });

  it('falls back to the URL as title for a page that does not load in time', async () => {
    const url = site.url('/slow.html');
    const reply = fetchMeta(alice, url);
    // the page has answered its head and trickles on: now its time runs out
    await site.waitForHits('/slow.html', (site.hits.get('/slow.html') ?? 0) + 1);
    t.fetchDeadlines.expire();
    const res = await reply;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ title: url, description: '', tags: [] });
  });

  it('swallows a refused address the same way (cloud metadata is never fetched)', async () => {
    const url = 'http://169.254.169.254/latest/meta-data/';
    expect((await fetchMeta(alice, url)).json()).toEqual({ title: url, description: '', tags: [] });
  });

  it.each([['not a url'], ['javascript:alert(1)'], ['ftp://example.com/'], [''], [42]])(
    'refuses %j with 400',
    async (url) => {
      const res = await fetchMeta(alice, url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: -1, field: 'url' });
    },
  );

  it("names the caller's own bookmark of the URL, never another user's", async () => {
    const url = site.url('/no-title.html?saved=1');
    expect((await fetchMeta(alice, url)).json().link_id).toBeUndefined();
    const { link_id } = await saveBookmark(alice, { url });
    expect((await fetchMeta(alice, url)).json()).toMatchObject({ title: url, link_id });
    const bob = await t.signUp();
    expect((await fetchMeta(bob, url)).json().link_id).toBeUndefined();
  });

  it('is for signed-in users only', async () => {
    expect((await fetchMeta(t.visitor(), site.url('/article.html'))).statusCode).toBe(401);
  });
});
