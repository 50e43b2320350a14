import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, uploadFile } from '../../../test/factories/uploads.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers/app.ts';
import { makePdf } from '../../../test/helpers/pdf.ts';
import { MALFORMED_MESSAGE } from './file-intake.ts';

let t: TestApp;
let alice: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
});
afterAll(() => t.close());

/** Every upload route, with the file field it reads. */
const ROUTES = [
  ['/item/save', 'qqfile'],
  ['/item/save/pdf', 'qqfile'],
  ['/item/save/image', 'qqfile'],
  ['/item/save/image?for=note', 'files[]'],
  ['/item/import/kindle', 'file'],
] as const;

const PART = (field: string) =>
  `--x\r\nContent-Disposition: form-data; name="${field}"; filename="a.pdf"\r\n` +
  'Content-Type: application/octet-stream\r\n\r\n%PDF-1.4 and more';

function storedFiles(): string[] {
  const root = path.join(t.config.dataDir, 'files');
  return existsSync(root)
    ? readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];
}

describe('malformed multipart on every upload route', () => {
  it.each(ROUTES)('%s: no boundary is a 400 naming the file field', async (url, field) => {
    const res = await alice.request({
      method: 'POST',
      url,
      payload: Buffer.from(`${PART(field)}\r\n--x--\r\n`),
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: -1, message: MALFORMED_MESSAGE, field });
  });

  it.each(ROUTES)('%s: a body cut off inside the file is a 400 and stores nothing', async (url, field) => {
    const res = await alice.request({
      method: 'POST',
      url,
      payload: Buffer.from(PART(field)),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1, field });
    expect(storedFiles()).toEqual([]);
  });

  it('still takes a well-formed upload on the same routes', async () => {
    expect((await uploadFile(alice, makePdf(['fine']), { url: '/item/save/pdf' })).statusCode).toBe(200);
    expect((await uploadFile(alice, fixture('photo.jpg'), { url: '/item/save/image' })).statusCode).toBe(200);
  });
});
