import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { IMAGE_SIZE_MESSAGE, IMAGE_TYPE_MESSAGE, sniffImage } from './images.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../../test/fixtures');
const PNG = readFileSync(path.join(FIXTURES, 'pixel.png'));
const TEXT_AS_PNG = readFileSync(path.join(FIXTURES, 'not-an-image.png'));

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
});
afterAll(() => t.close());

function upload(client: TestClient, file: Buffer, filename = 'p.png', field = 'files[]', query = 'for=note') {
  const { payload, headers } = multipartBody([
    { name: field, value: file, filename, contentType: 'image/png' },
  ]);
  return client.request({ method: 'POST', url: `/item/save/image?${query}`, payload, headers });
}

describe('POST /item/save/image?for=note', () => {
  it('stores a picture and serves it to its owner only, with safe headers', async () => {
    const res = await upload(alice, PNG);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().image_url_embeded_in_note;
    const aliceId = await userIdOf(t.database, alice.name!);
    expect(url).toMatch(new RegExp(`^/api/files/notes/${aliceId}/[A-Za-z0-9_-]+\\.png$`));

    const got = await alice.get(url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG)).toBe(true);
    expect(got.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, max-age=31536000, immutable',
    });
    expect(got.headers['content-disposition']).toMatch(/^inline; filename="[A-Za-z0-9_-]+\.png"/);
    const again = await alice.request({
      method: 'GET',
      url,
      headers: { 'if-none-match': got.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    expect((await bob.get(url)).statusCode).toBe(404);
    expect((await t.visitor().get(url)).statusCode).toBe(404);
  });

  it('knows the type by content: a text file named .png is refused, and so is SVG', async () => {
    const res = await upload(alice, TEXT_AS_PNG);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1, message: IMAGE_TYPE_MESSAGE });
    const svg = await upload(
      alice,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'x.svg',
    );
    expect(svg.json().message).toBe(IMAGE_TYPE_MESSAGE);
  });

  it('refuses a picture over 10 MB and keeps nothing of it', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(bob, big);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMAGE_SIZE_MESSAGE);
    const bobDir = path.join(
      t.config.dataDir,
      'files',
      'notes',
      String(await userIdOf(t.database, bob.name!)),
    );
    expect(existsSync(bobDir) ? readdirSync(bobDir) : []).toEqual([]);
  });

  it('refuses a request without a file, a visitor, and other for= values', async () => {
    const { payload, headers } = multipartBody([{ name: 'title', value: 'x' }]);
    const none = await alice.request({ method: 'POST', url: '/item/save/image?for=note', payload, headers });
    expect(none.statusCode).toBe(400);
    expect((await upload(t.visitor(), PNG)).statusCode).toBe(401);
    expect((await upload(alice, PNG, 'p.png', 'files[]', 'for=bookmark')).statusCode).toBe(400);
  });

  it('accepts the plain files field too', async () => {
    expect((await upload(alice, PNG, 'p.png', 'files')).statusCode).toBe(200);
  });
});

describe('deleting notes', () => {
  const saveNote = async (client: TestClient, content: string) =>
    (await client.post('/item/save/note', { title: 'pictures', content })).json().items[0].link_id as number;
  const imageIn = async (client: TestClient) => (await upload(client, PNG)).json().image_url_embeded_in_note;

  it("removes a deleted note's pictures, but not one another note still shows", async () => {
    const own = await imageIn(alice);
    const shared = await imageIn(alice);
    const first = await saveNote(alice, `<p>a</p><img src="${own}"><img src="${shared}">`);
    await saveNote(alice, `<p>b</p><img src="${shared}">`);

    await alice.post('/ditem_mana2/delete_b', { link_id: first });
    await t.jobs.runDueJobs();
    // in the trash the note keeps its pictures; deleted for good, they go
    expect((await alice.get(own)).statusCode).toBe(200);
    await alice.post('/api/trash/delete', { link_id: first });
    await t.jobs.runDueJobs();
    expect((await alice.get(own)).statusCode).toBe(404);
    expect((await alice.get(shared)).statusCode).toBe(200);
  });
});

describe('sniffImage', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], 'jpg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'png'],
    [[...Buffer.from('GIF89a')], 'gif'],
    [[...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')], 'webp'],
    [[...Buffer.from('BM'), 0, 0, 0, 0], 'bmp'],
    [[...Buffer.from('<svg ')], null],
    [[...Buffer.from('%PDF-1.7')], null],
  ])('%j -> %s', (bytes, ext) => {
    expect(sniffImage(Buffer.from(bytes))?.ext ?? null).toBe(ext);
  });
});
