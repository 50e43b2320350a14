import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, uploadFile } from '../../../../test/factories/uploads.ts';
import { setPlan } from '../../../../test/factories/users.ts';
import { oneBitBmp } from '../../../../test/generators/bmp.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { makePdf } from '../../../../test/helpers/pdf.ts';
import { queryRows } from '../../db/client.ts';
import { decodeBmp, type RawImage } from './bmp.ts';
import { THUMB_MAX_PIXELS } from './thumbnails.ts';

/** the decoded pixels themselves (the test reads them; the app only ever uses them in place) */
const pixels = async (raw: RawImage) => raw;

let t: TestApp;
let free: TestClient;
let premium: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  free = await t.signUp();
  premium = await t.signUp();
  await setPlan(t.database, premium);
});
afterAll(() => t.close());

const loadItem = async (client: TestClient, linkId: number) =>
  (await client.get('/interact_api/load_user_item', { link_id: String(linkId) })).json().items[0];

async function fileRow(linkId: number) {
  const [row] = await queryRows<{
    text_status: string | null;
    text: string | null;
    page_count: number | null;
  }>(t.database.db, sql`SELECT text_status, text, page_count FROM item_files WHERE item_id = ${linkId}`);
  return row!;
}

describe('image thumbnails (a background job)', () => {
  it('makes 550, 160 and 150 px wide webp thumbnails and records the picture size', async () => {
    const saved = (
      await uploadFile(free, fixture('photo.jpg'), { url: '/item/save/image', filename: 'p.jpg' })
    ).json().items[0];
    expect(saved).toMatchObject({ thumbnail_url: '', width: null, height: null });
    expect(await t.jobs.runDueJobs()).toEqual({ succeeded: 1, retried: 0, failed: 0 });

    const item = await loadItem(free, saved.link_id);
    expect(item).toMatchObject({
      thumbnail_url: `/api/files/items/${saved.link_id}/thumb/550`,
      width: 1200,
      height: 800,
    });
    for (const width of [550, 160, 150]) {
      const res = await free.get(`/api/files/items/${saved.link_id}/thumb/${width}`);
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: Math.round((width * 800) / 1200) });
    }
  });

  it('never enlarges a small picture, and reads BMP files', async () => {
    const saved = (
      await uploadFile(free, fixture('flag.bmp'), { url: '/item/save/image', filename: 'f.bmp' })
    ).json().items[0];
    await t.jobs.runDueJobs();
    expect(await loadItem(free, saved.link_id)).toMatchObject({ width: 40, height: 30 });
    const thumb = await free.get(`/api/files/items/${saved.link_id}/thumb/550`);
    const { data, info } = await sharp(thumb.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 40, height: 30 });
    // left half red, right half blue, as drawn (rows stored bottom-up)
    const px = (x: number) => [...data.subarray(x * info.channels, x * info.channels + 3)];
    expect(px(5)[0]).toBeGreaterThan(200);
    expect(px(35)[2]).toBeGreaterThan(200);
  });

  it('refuses to decode a picture with too many pixels (a decompression bomb) and fails the job', async () => {
    // a 10000 x 10000 PNG of one colour is tiny on disk and 100 megapixels decoded
    const bomb = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    expect(10_000 * 10_000).toBeGreaterThan(THUMB_MAX_PIXELS);
    const saved = (await uploadFile(free, bomb, { url: '/item/save/image', filename: 'bomb.png' })).json()
      .items[0];
    expect(await t.jobs.runDueJobs()).toEqual({ succeeded: 0, retried: 0, failed: 1 });
    expect(await loadItem(free, saved.link_id)).toMatchObject({ thumbnail_url: '', width: null });
    await t.database.db.execute(sql`DELETE FROM jobs`);
  });

  it('decodeBmp refuses compressed and oversized files', async () => {
    const bmp = fixture('flag.bmp');
    await expect(decodeBmp(bmp, 100, pixels)).rejects.toThrow('too many pixels');
    const rle = Buffer.from(bmp);
    rle.writeUInt32LE(1, 30);
    await expect(decodeBmp(rle, THUMB_MAX_PIXELS, pixels)).rejects.toThrow('compressed');
  });

  it('decodes a 1-bit BMP off the main thread, and refuses one above 50 megapixels', async () => {
    const big = oneBitBmp(7000, 7000);
    const raw = await decodeBmp(big, THUMB_MAX_PIXELS, pixels);
    expect([raw.width, raw.height, raw.data.length]).toEqual([7000, 7000, 7000 * 7000 * 3]);
    // the checkerboard's first pixel is white, its neighbour black
    expect([...raw.data.subarray(0, 6)]).toEqual([255, 255, 255, 0, 0, 0]);
    await expect(decodeBmp(oneBitBmp(8000, 7000), THUMB_MAX_PIXELS, pixels)).rejects.toThrow(
      'too many pixels',
    );
  });
});

describe('PDF text (a background job)', () => {
  it('reads the text into the full-text index: found with snapshot=yes by a premium user', async () => {
    const pdf = makePdf(['Zebrafish migrate across the Okavango delta', 'The second page mentions a quokka']);
    const saved = (await uploadFile(premium, pdf, { filename: 'field-notes.pdf' })).json().items[0];
    expect(await fileRow(saved.link_id)).toMatchObject({ text_status: 'pending', page_count: null });
    const search = (what: string, snapshot?: string) =>
      premium.get('/interact_api/search_user_items', { what, snapshot });
    expect((await search('quokka', 'yes')).json().items).toEqual([]);

    expect(await t.jobs.runDueJobs()).toEqual({ succeeded: 1, retried: 0, failed: 0 });
    const row = await fileRow(saved.link_id);
    expect(row).toMatchObject({ text_status: 'done', page_count: 2 });
    expect(row.text).toContain('Zebrafish migrate across the Okavango delta');
    expect(row.text).toContain('quokka');
    expect((await loadItem(premium, saved.link_id)).page_count).toBe(2);

    const found = (await search('quokka', 'yes')).json();
    expect(found.items.map((i: { link_id: number }) => i.link_id)).toEqual([saved.link_id]);
    // the page text is searched only with full text
    expect((await search('quokka')).json().items).toEqual([]);
    // a free user's full-text search is refused as before
    expect(
      (await free.get('/interact_api/search_user_items', { what: 'quokka', snapshot: 'yes' })).statusCode,
    ).toBe(402);
  });

  it("makes thumbnails of a PDF's first page, readable by its owner only", async () => {
    const saved = (
      await uploadFile(premium, makePdf(['A cover page', 'Page two']), { filename: 'c.pdf' })
    ).json().items[0];
    expect(saved.thumbnail_url).toBe('');
    expect(await t.jobs.runDueJobs()).toEqual({ succeeded: 1, retried: 0, failed: 0 });
    const item = await loadItem(premium, saved.link_id);
    expect(item.thumbnail_url).toBe(`/api/files/items/${saved.link_id}/thumb/550`);
    // a PDF's pages carry their own size: the item keeps none
    expect(item.width ?? null).toBeNull();
    for (const width of [550, 160, 150]) {
      const res = await premium.get(`/api/files/items/${saved.link_id}/thumb/${width}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect((await sharp(res.rawPayload).metadata()).width).toBe(width);
    }
    // a private PDF's thumbnail is no one else's
    expect((await free.get(`/api/files/items/${saved.link_id}/thumb/550`)).statusCode).toBe(404);
  });

  it('records a PDF it cannot read as failed, without retrying', async () => {
    const saved = (await uploadFile(premium, fixture('broken.pdf'), { filename: 'broken.pdf' })).json()
      .items[0];
    expect(await t.jobs.runDueJobs()).toEqual({ succeeded: 0, retried: 0, failed: 1 });
    expect(await fileRow(saved.link_id)).toMatchObject({ text_status: 'failed', text: null });
    const [job] = await queryRows<{ last_error: string }>(
      t.database.db,
      sql`SELECT last_error FROM jobs WHERE status = 'failed'`,
    );
    expect(job!.last_error).toMatch(/PDF text could not be read/);
    await t.database.db.execute(sql`DELETE FROM jobs`);
  });

  it('does nothing for an item deleted before its job ran', async () => {
    const saved = (await uploadFile(premium, makePdf(['gone']), { filename: 'gone.pdf' })).json().items[0];
    await premium.post('/ditem_mana2/delete_b', { link_id: String(saved.link_id) });
    await premium.post('/api/trash/delete', { link_id: String(saved.link_id) });
    expect(await t.jobs.runDueJobs()).toEqual({ succeeded: 2, retried: 0, failed: 0 });
  });
});
