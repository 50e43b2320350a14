import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark, saveNote } from '../../../../test/factories/items.ts';
import { fixture, uploadFile } from '../../../../test/factories/uploads.ts';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { makePdf } from '../../../../test/helpers/pdf.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
});
afterAll(() => t.close());

/** Makes (or finds) the item's link, as the Share dialog's Create link does. */
const shareUrl = (client: TestClient, id: number) => client.post('/api/sharing/create', { link_id: id });
const keyOf = (url: string) => url.slice(url.lastIndexOf('/s/') + 3).replace(/\/file$/, '');
const sharedPage = (key: string) => t.visitor().get(`/api/sharing/shared/${key}`);

describe('share links', () => {
  it('a GET of get_share_url from a link on another site makes no link; only a POST from the app does', async () => {
    const item = await saveBookmark(alice);
    const hostile = await t.app.inject({
      method: 'GET',
      url: `/item/get_share_url?link_id=${item.link_id}`,
      headers: {
        cookie: [...alice.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'sec-fetch-site': 'cross-site',
        'sec-fetch-mode': 'navigate',
        referer: 'https://evil.example/',
      },
    });
    expect(hostile.statusCode).toBe(200);
    expect(hostile.json()).toMatchObject({ code: 0, link_id: item.link_id, item_url: '' });
    // nor does batch_share_links
    const batch = await alice.get('/interact_api/batch_share_links', { links: String(item.link_id) });
    expect(batch.json().links).toEqual([]);
    expect((await alice.get('/item/get_share_url', { link_id: String(item.link_id) })).json().code).toBe(0);

    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/sharing/create',
      headers: {
        cookie: [...alice.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        origin: 'https://evil.example',
      },
      payload: { link_id: item.link_id },
    });
    expect(forged.statusCode).toBe(403);
    expect((await alice.get('/item/get_share_url', { link_id: String(item.link_id) })).json().code).toBe(0);

    const made = await alice.post('/api/sharing/create', { link_id: item.link_id });
    expect(made.json()).toMatchObject({ code: 1, link_id: item.link_id });
    // reading it now gives the same link
    const read = await alice.get('/item/get_share_url', { link_id: String(item.link_id) });
    expect(read.json()).toEqual(made.json());
    expect((await bob.post('/api/sharing/create', { link_id: item.link_id })).statusCode).toBe(404);
  });

  it('opens a private bookmark read-only for anyone with the key, with its highlights', async () => {
    const item = await saveBookmark(alice, { title: 'Secret plans', private: true });
    const highlight = await alice.post('/annotation_mana/add_annotation', {
      link_id: item.link_id,
      shape: 0,
      content: 'the quoted words',
      color: 'yellow',
      selector: JSON.stringify([{ type: 'TextQuoteSelector', exact: 'the quoted words' }]),
    });
    expect(highlight.statusCode).toBe(200);

    // the item itself stays private to others
    const direct = await t.visitor().get('/interact_api/load_user_item', { link_id: String(item.link_id) });
    expect(direct.statusCode).toBe(404);

    const res = await shareUrl(alice, item.link_id);
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({ code: 1, link_id: item.link_id, file_url: '' });
    expect(info.item_url).toMatch(new RegExp(`^${TEST_ORIGIN}/s/[A-Za-z0-9_-]{22}$`));
    // the same link until revoked
    expect((await shareUrl(alice, item.link_id)).json().item_url).toBe(info.item_url);

    const page = await sharedPage(keyOf(info.item_url));
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body).toMatchObject({ code: 1, variant: 'page_annotations', owner: alice.name });
    expect(body.item.title).toBe('Secret plans');
    expect(body.annotations.map((a: { content: string }) => a.content)).toEqual(['the quoted words']);

    // the page route itself is the web app's
    const html = await t.visitor().get(`/s/${keyOf(info.item_url)}`);
    expect(html.statusCode).toBe(200);
  });

  it("refuses another user's item, private or public, and makes no link for it", async () => {
    const priv = await saveBookmark(alice, { private: true });
    const pub = await saveBookmark(alice, { private: false });
    for (const id of [priv.link_id, pub.link_id]) {
      expect((await shareUrl(bob, id)).statusCode).toBe(404);
      expect((await bob.post('/api/sharing/revoke', { link_id: id })).statusCode).toBe(404);
    }
    const batch = await bob.get('/interact_api/batch_share_links', { links: `${pub.link_id}` });
    expect(batch.statusCode).toBe(404);
    expect((await t.visitor().get('/item/get_share_url', { link_id: String(pub.link_id) })).statusCode).toBe(
      401,
    );
  });

  it('revokes: the old URL answers 404 and the next ask makes a new key', async () => {
    const item = await saveBookmark(alice, { private: true });
    const old = (await shareUrl(alice, item.link_id)).json().item_url;
    expect((await sharedPage(keyOf(old))).statusCode).toBe(200);

    const res = await alice.post('/api/sharing/revoke', { link_id: item.link_id });
    expect(res.json()).toEqual({ code: 1, link_id: item.link_id });
    expect((await sharedPage(keyOf(old))).statusCode).toBe(404);

    const fresh = (await shareUrl(alice, item.link_id)).json().item_url;
    expect(fresh).not.toBe(old);
    expect((await sharedPage(keyOf(fresh))).statusCode).toBe(200);
    expect((await sharedPage(keyOf(old))).statusCode).toBe(404);
  });

  it('serves a shared private PDF through its key, and stops after revoking', async () => {
    const pdf = (await uploadFile(alice, makePdf(['a shared page']), { filename: 'shared.pdf' })).json()
      .items[0];
    const info = (await shareUrl(alice, pdf.link_id)).json();
    expect(info.file_url).toBe(`${info.item_url}/file`);
    const path = new URL(info.file_url).pathname;

    const file = await t.visitor().get(path);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/pdf');
    expect(file.headers['cache-control']).toContain('private');
    expect((await sharedPage(keyOf(info.item_url))).json().variant).toBe('pdf');

    await alice.post('/api/sharing/revoke', { link_id: pdf.link_id });
    expect((await t.visitor().get(path)).statusCode).toBe(404);
  });

  it('serves a shared private image for embedding, as a download when asked', async () => {
    const image = (
      await uploadFile(alice, fixture('photo.jpg'), { url: '/item/save/image', filename: 'p.jpg' })
    ).json().items[0];
    const info = (await shareUrl(alice, image.link_id)).json();
    expect((await sharedPage(keyOf(info.item_url))).json().variant).toBe('image');
    const path = new URL(info.file_url).pathname;
    const file = await t.visitor().get(path);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const download = await t.visitor().get(path, { download: '1' });
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment/);
    expect((await t.visitor().get(path, { download: 'x' })).statusCode).toBe(400);
  });

  it('shares a note with its content', async () => {
    const id = await saveNote(alice, { title: 'Shared note', content: '<p>Note body</p>' });
    const info = (await shareUrl(alice, id)).json();
    const body = (await sharedPage(keyOf(info.item_url))).json();
    expect(body.variant).toBe('note');
    expect(body.item.note_content).toContain('Note body');
    // a note has no file behind its key
    expect((await t.visitor().get(`/s/${keyOf(info.item_url)}/file`)).statusCode).toBe(404);
  });

  it('answers batch_share_links for many items at once', async () => {
    const a = await saveBookmark(alice);
    const b = await saveBookmark(alice);
    const made = [(await shareUrl(alice, a.link_id)).json(), (await shareUrl(alice, b.link_id)).json()];
    const res = await alice.get('/interact_api/batch_share_links', { links: `${a.link_id},${b.link_id}` });
    expect(res.statusCode).toBe(200);
    const links = res.json().links;
    expect(links.map((l: { link_id: number }) => l.link_id)).toEqual([a.link_id, b.link_id]);
    expect(links[0].item_url).toBe(made[0].item_url);
    expect(links[1].item_url).toBe(made[1].item_url);
  });

  it.each([['x'], ['1,,2'], ['-1'], ['']])('refuses links=%j with 400', async (links) => {
    const res = await alice.get('/interact_api/batch_share_links', { links });
    expect(res.statusCode).toBe(400);
  });

  it('answers 404 for keys that were never made or are malformed', async () => {
    expect((await sharedPage('AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await sharedPage('not a key')).statusCode).toBe(404);
    expect((await t.visitor().get('/s/AAAAAAAAAAAAAAAAAAAAAA/file')).statusCode).toBe(404);
  });

  it('removes the link with the item', async () => {
    const item = await saveBookmark(alice);
    const url = (await shareUrl(alice, item.link_id)).json().item_url;
    const del = await alice.post('/ditem_mana2/delete_b', { link_id: String(item.link_id) });
    expect(del.statusCode).toBe(200);
    expect((await sharedPage(keyOf(url))).statusCode).toBe(404);
  });
});

describe('the share page in a frame', () => {
  it('may be framed by other sites (the Embed tab), unlike the other pages', async () => {
    const shared = await t.visitor().get('/s/AAAAAAAAAAAAAAAAAAAAAA');
    expect(shared.headers['x-frame-options']).toBeUndefined();
    expect(String(shared.headers['content-security-policy'])).toContain('frame-ancestors *');
    const other = await t.visitor().get('/about');
    expect(String(other.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
    expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
