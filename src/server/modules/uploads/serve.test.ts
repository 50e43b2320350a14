import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, uploadFile } from '../../../../test/factories/uploads.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { makePdf } from '../../../../test/helpers/pdf.ts';
import { contentDisposition, parseRange } from '../../platform/send-file.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let privatePdf: { link_id: number; permanent_url: string };
let publicPdf: { link_id: number; permanent_url: string };
let privateImage: { link_id: number };
const PDF = makePdf(['a private page', 'and a second one']);
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
  privatePdf = (await uploadFile(alice, PDF, { filename: 'Résumé «final».pdf' })).json().items[0];
  publicPdf = (await uploadFile(alice, PDF, { filename: 'open.pdf', fields: { private: '0' } })).json()
    .items[0];
  privateImage = (
    await uploadFile(alice, fixture('photo.jpg'), { url: '/item/save/image', filename: 'p.jpg' })
  ).json().items[0];
  await t.jobs.runDueJobs();
});
afterAll(() => t.close());

describe('GET /api/files/items/:linkId/file', () => {
  it('serves a private file to its owner only, with headers that keep it from running', async () => {
    const res = await alice.get(privatePdf.permanent_url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(PDF.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
      'cache-control': 'private, max-age=31536000, immutable',
      'accept-ranges': 'bytes',
      'content-disposition': `inline; filename="R_sum_ _final_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%C2%ABfinal%C2%BB.pdf`,
    });
    expect(res.headers.etag).toMatch(/^"[0-9a-f]{64}"$/);

    for (const other of [bob, t.visitor()]) {
      const refused = await other.get(privatePdf.permanent_url);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: -1, message: 'Not found.' });
      expect((await other.get(`/api/files/items/${privateImage.link_id}/thumb/550`)).statusCode).toBe(404);
    }
    // the same answer as a missing item
    expect((await alice.get('/api/files/items/999999999/file')).statusCode).toBe(404);
    expect((await alice.get('/api/files/items/abc/file')).statusCode).toBe(404);
  });

  it('serves a public file to anyone, shared caches allowed', async () => {
    for (const viewer of [bob, t.visitor()]) {
      const res = await viewer.get(publicPdf.permanent_url);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(PDF)).toBe(true);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it('sends an attachment with ?download=1 and answers If-None-Match with 304', async () => {
    const res = await alice.get(privatePdf.permanent_url, { download: '1' });
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/);
    const again = await alice.request({
      method: 'GET',
      url: privatePdf.permanent_url,
      headers: { 'if-none-match': res.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect((await alice.get(privatePdf.permanent_url, { download: 'x' })).statusCode).toBe(400);
  });

  it('answers byte ranges: 206 with Content-Range, 416 beyond the end', async () => {
    const get = (range: string, extra: Record<string, string> = {}) =>
      alice.request({ method: 'GET', url: privatePdf.permanent_url, headers: { range, ...extra } });
    const first = await get('bytes=0-9');
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-9/${PDF.length}`);
    expect(first.headers['content-length']).toBe('10');
    expect(first.rawPayload.equals(PDF.subarray(0, 10))).toBe(true);

    const tail = await get('bytes=-5');
    expect(tail.rawPayload.equals(PDF.subarray(PDF.length - 5))).toBe(true);
    const open = await get(`bytes=${PDF.length - 3}-`);
    expect(open.headers['content-range']).toBe(`bytes ${PDF.length - 3}-${PDF.length - 1}/${PDF.length}`);

    const beyond = await get(`bytes=${PDF.length}-`);
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${PDF.length}`);

    // several ranges, or a stale If-Range: the whole file
    expect((await get('bytes=0-1,5-6')).statusCode).toBe(200);
    expect((await get('bytes=0-9', { 'if-range': '"stale"' })).statusCode).toBe(200);
    // another user's range request is still a 404
    expect(
      (await bob.request({ method: 'GET', url: privatePdf.permanent_url, headers: { range: 'bytes=0-9' } }))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /api/files/items/:linkId/thumb/:width', () => {
  it('serves the three webp thumbnails and refuses other widths', async () => {
    for (const width of ['550', '160', '150']) {
      const res = await alice.get(`/api/files/items/${privateImage.link_id}/thumb/${width}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.headers['accept-ranges']).toBeUndefined();
    }
    expect((await alice.get(`/api/files/items/${privateImage.link_id}/thumb/551`)).statusCode).toBe(404);
    // another user's thumbnails do not exist for them (a PDF's, from its first page: file-jobs.test.ts)
    expect((await bob.get(`/api/files/items/${privateImage.link_id}/thumb/550`)).statusCode).toBe(404);
  });
});

describe('POST /api/files/rotate', () => {
  it("keeps the owner's rotation of an image and returns it on the item", async () => {
    const res = await alice.post('/api/files/rotate', { link_id: privateImage.link_id, rotation: 270 });
    expect(res.json()).toEqual({ link_id: privateImage.link_id, rotation: 270 });
    const reply = await alice.get('/interact_api/load_user_item', { link_id: String(privateImage.link_id) });
    expect(reply.json().items[0]).toMatchObject({ rotation: 270, width: 1200, height: 800 });
  });

  it("refuses other users' items, PDFs and angles other than quarter turns", async () => {
    expect(
      (await bob.post('/api/files/rotate', { link_id: privateImage.link_id, rotation: 90 })).statusCode,
    ).toBe(404);
    expect(
      (await t.visitor().post('/api/files/rotate', { link_id: privateImage.link_id, rotation: 90 }))
        .statusCode,
    ).toBe(401);
    const pdf = await alice.post('/api/files/rotate', { link_id: privatePdf.link_id, rotation: 90 });
    expect(pdf.statusCode).toBe(400);
    const odd = await alice.post('/api/files/rotate', { link_id: privateImage.link_id, rotation: 45 });
    expect(odd.json()).toMatchObject({ code: -1, message: 'rotation must be 0, 90, 180 or 270.' });
  });
});

describe('parseRange and contentDisposition', () => {
  it.each([
    [undefined, null],
    ['bytes=0-0', { start: 0, end: 0 }],
    ['bytes=5-1000', { start: 5, end: 99 }],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=9-3', null],
    ['items=0-1', null],
    ['bytes=-', null],
  ])('%s of 100 bytes -> %j', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });

  it('quotes nothing it should not', () => {
    expect(contentDisposition('inline', 'a"b\\c.pdf')).toBe(
      `inline; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`,
    );
  });
});

describe('download names', () => {
  it('strips bidi and other control characters, so \u202Efdp.exe cannot pose as a PDF', () => {
    for (const mark of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u0007',
      '\u0085',
    ]) {
      const header = contentDisposition('attachment', `${mark}fdp.exe`);
      expect(header).toBe(`attachment; filename="fdp.exe"; filename*=UTF-8''fdp.exe`);
    }
  });

  it('keeps the uploaded name free of them, in the title and in the download', async () => {
    const res = await uploadFile(alice, PDF, { filename: 'x\u202Efdp.exe' });
    const item = res.json().items[0];
    expect(item.title).toBe('xfdp.exe');
    const got = await alice.get(item.permanent_url, { download: '1' });
    expect(got.headers['content-disposition']).toBe(
      `attachment; filename="xfdp.exe"; filename*=UTF-8''xfdp.exe`,
    );
  });
});
