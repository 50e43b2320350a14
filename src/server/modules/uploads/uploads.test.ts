import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../../../test/factories/items.ts';
import { fixture, uploadFile } from '../../../../test/factories/uploads.ts';
import { setPlan, setUsage } from '../../../../test/factories/users.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { multipartBody } from '../../../../test/helpers/multipart.ts';
import { makePdf } from '../../../../test/helpers/pdf.ts';
import { UPLOAD_MSG } from '../../../shared/schemas/uploads.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  bob = await t.signUp();
});
afterAll(() => t.close());

/** Every stored blob of a user (thumbnails and temp files included; not the stores' .meta files). */
async function blobsOf(client: TestClient): Promise<string[]> {
  const dir = path.join(t.config.dataDir, 'files', 'items', String(await userIdOf(t.database, client.name!)));
  const files = existsSync(dir) ? readdirSync(dir).sort() : [];
  const data = files.filter((f) => !f.endsWith('.meta'));
  // no type file is left without its blob
  expect(files.filter((f) => f.endsWith('.meta'))).toEqual(data.map((f) => `${f}.meta`));
  return data;
}

async function usage(client: TestClient) {
  const info = (await client.get('/interact_api/load_user_info')).json();
  return {
    pdf: info.permissions.pdfPermission.pdfUsedCount,
    image: info.permissions.imagePermission.imageUsedCount,
  };
}

async function itemCount(client: TestClient): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`SELECT count(*)::int AS n FROM items WHERE user_id = ${await userIdOf(t.database, client.name!)}`,
  );
  return row!.n;
}

describe('POST /item/save', () => {
  it('saves a PDF as a pdf item with its tags, description, privacy and read state, and stores the file', async () => {
    const pdf = fixture('two-pages.pdf');
    const res = await uploadFile(alice, pdf, {
      filename: 'two-pages.pdf',
      fields: { dtype: 'pdf', tags: 'reading, zoo', description: 'Field notes', private: '0', unread: '1' },
    });
    expect(res.statusCode).toBe(200);
    const [item] = res.json().items;
    expect(item).toMatchObject({
      type_name: 'pdf',
      title: 'two-pages.pdf',
      description: 'Field notes',
      t_name: 'reading,zoo',
      private: 0,
      readed: 0,
      file_name: 'two-pages.pdf',
      file_size: pdf.length,
      content_type: 'application/pdf',
      page_count: null,
      canEdit: true,
    });
    expect(item.permanent_url).toBe(`/api/files/items/${item.link_id}/file`);
    expect(item.download_url).toBe(`/api/files/items/${item.link_id}/file?download=1`);
    expect((await alice.get(item.permanent_url)).rawPayload.equals(pdf)).toBe(true);
    expect(await blobsOf(alice)).toHaveLength(1);
    expect(await usage(alice)).toMatchObject({ pdf: 1 });

    const listed = (await alice.get('/interact_api/load_user_items', { type: 'pdf' })).json();
    expect(listed.items.map((i: { link_id: number }) => i.link_id)).toContain(item.link_id);
  });

  it('saves a picture as an image item (never unread, private by default)', async () => {
    const res = await uploadFile(alice, fixture('photo.jpg'), {
      url: '/item/save/image',
      filename: 'C:\\fakepath\\photo.jpg',
      fields: { unread: '1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({
      type_name: 'image',
      title: 'photo.jpg',
      readed: 1,
      private: 1,
      rotation: 0,
      content_type: 'image/jpeg',
    });
    const gif = await uploadFile(alice, fixture('small.gif'), {
      filename: 'small.gif',
      fields: { dtype: 'image' },
    });
    expect(gif.json().items[0]).toMatchObject({ type_name: 'image', content_type: 'image/gif' });
    const bmp = await uploadFile(alice, fixture('flag.bmp'), {
      url: '/item/save/image',
      filename: 'flag.bmp',
    });
    expect(bmp.json().items[0]).toMatchObject({ type_name: 'image', content_type: 'image/bmp' });
    expect(await usage(alice)).toMatchObject({ image: 3 });
  });

  it('accepts /item/save/pdf, and fields sent after the file', async () => {
    const pdf = makePdf(['late fields']);
    const { payload, headers } = multipartBody([
      { name: 'qqfile', value: pdf, filename: 'late.pdf', contentType: 'application/pdf' },
      { name: 'qqfilename', value: 'Late fields.pdf' },
      { name: 'tags', value: 'late' },
    ]);
    const res = await alice.request({ method: 'POST', url: '/item/save/pdf', payload, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ title: 'Late fields.pdf', t_name: 'late' });
  });
});

describe('refused files leave nothing behind', () => {
  it.each([
    [
      'a text file named .pdf',
      Buffer.from('just some text, not a PDF at all'),
      'notes.pdf',
      '/item/save',
      UPLOAD_MSG.notPdf,
    ],
    ['a renamed .exe', fixture('invoice.pdf.exe'), 'invoice.pdf', '/item/save', UPLOAD_MSG.notPdf],
    ['an SVG picture', fixture('drawing.svg'), 'drawing.svg', '/item/save/image', UPLOAD_MSG.notImage],
    ['an SVG named .png', fixture('drawing.svg'), 'drawing.png', '/item/save/image', UPLOAD_MSG.notImage],
    ['a PDF sent as an image', makePdf(['x']), 'x.jpg', '/item/save/image', UPLOAD_MSG.notImage],
    [
      'a picture sent to /item/save/pdf',
      fixture('photo.jpg'),
      'photo.pdf',
      '/item/save/pdf',
      UPLOAD_MSG.notPdf,
    ],
    [
      'an exe sent as an image',
      fixture('invoice.pdf.exe'),
      'photo.gif',
      '/item/save/image',
      UPLOAD_MSG.notImage,
    ],
  ])('%s', async (_what, file, filename, url, message) => {
    const before = { blobs: await blobsOf(bob), items: await itemCount(bob), usage: await usage(bob) };
    const res = await uploadFile(bob, file, { filename, url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: -1, message, field: 'qqfile' });
    expect({ blobs: await blobsOf(bob), items: await itemCount(bob), usage: await usage(bob) }).toEqual(
      before,
    );
  });

  it('checks dtype against the content, whichever part comes first', async () => {
    const png = await uploadFile(bob, fixture('photo.jpg'), { filename: 'p.jpg', fields: { dtype: 'pdf' } });
    expect(png.json().message).toBe(UPLOAD_MSG.notPdf);
    const { payload, headers } = multipartBody([
      { name: 'qqfile', value: makePdf(['x']), filename: 'x.pdf' },
      { name: 'dtype', value: 'image' },
    ]);
    const late = await bob.request({ method: 'POST', url: '/item/save', payload, headers });
    expect(late.json().message).toBe(UPLOAD_MSG.notImage);
    expect(await blobsOf(bob)).toEqual([]);
  });

  it('refuses an empty file, a request without one, bad fields and visitors', async () => {
    expect((await uploadFile(bob, Buffer.alloc(0))).json().message).toBe(UPLOAD_MSG.missing);
    const { payload, headers } = multipartBody([{ name: 'dtype', value: 'pdf' }]);
    const none = await bob.request({ method: 'POST', url: '/item/save', payload, headers });
    expect(none.json()).toMatchObject({ code: -1, message: UPLOAD_MSG.missing });
    expect((await bob.post('/item/save', { dtype: 'pdf' })).statusCode).toBe(400);
    const badDtype = await uploadFile(bob, makePdf(['x']), { fields: { dtype: 'exe' } });
    expect(badDtype.statusCode).toBe(400);
    expect(badDtype.json().message).toBe("dtype must be 'pdf' or 'image'.");
    expect((await uploadFile(t.visitor(), makePdf(['x']))).statusCode).toBe(401);
    expect(await blobsOf(bob)).toEqual([]);
    expect(await itemCount(bob)).toBe(0);
  });
});

describe('quotas', () => {
  async function setUsed(client: TestClient, pdf: number, image: number) {
    await setUsage(t.database, client, 'pdf', pdf);
    await setUsage(t.database, client, 'image', image);
  }

  it('allows the last PDF and image of the free plan and refuses the next with code -2', async () => {
    const carol = await t.signUp();
    await setUsed(carol, 99, 99);
    const last = await uploadFile(carol, makePdf(['the hundredth']), { filename: 'last.pdf' });
    expect(last.statusCode).toBe(200);
    const lastImage = await uploadFile(carol, fixture('small.gif'), {
      url: '/item/save/image',
      filename: 'a.gif',
    });
    expect(lastImage.statusCode).toBe(200);
    expect(await usage(carol)).toEqual({ pdf: 100, image: 100 });
    const blobs = await blobsOf(carol);

    const over = await uploadFile(carol, makePdf(['one too many']), { filename: 'over.pdf' });
    expect(over.statusCode).toBe(402);
    expect(over.json()).toEqual({ code: -2, message: UPLOAD_MSG.planLimitPdf });
    const overImage = await uploadFile(carol, fixture('small.gif'), {
      url: '/item/save/image',
      filename: 'b.gif',
    });
    expect(overImage.json()).toEqual({ code: -2, message: UPLOAD_MSG.planLimitImage });
    expect(await blobsOf(carol)).toEqual(blobs);
    expect(await usage(carol)).toEqual({ pdf: 100, image: 100 });
    const info = (await carol.get('/interact_api/load_user_info')).json();
    expect(info.permissions).toMatchObject({ pdf: false, image: false });

    // deleting gives the unit back; deleting for good removes the blobs once the clean-up job runs
    const linkId = last.json().items[0].link_id;
    expect((await carol.post('/ditem_mana2/delete_b', { link_id: String(linkId) })).statusCode).toBe(200);
    expect(await usage(carol)).toEqual({ pdf: 99, image: 100 });
    await carol.post('/api/trash/delete', { link_id: String(linkId) });
    expect(await usage(carol)).toEqual({ pdf: 99, image: 100 });
    await t.jobs.runDueJobs();
    const pdfBlob = blobs.find((b) => b.endsWith('.pdf'))!;
    expect(await blobsOf(carol)).not.toContain(pdfBlob);
    expect(await blobsOf(carol)).toContain(blobs.find((b) => b.endsWith('.gif')));
    expect((await uploadFile(carol, makePdf(['room again']), { filename: 'again.pdf' })).statusCode).toBe(
      200,
    );
  });

  it('takes the last unit once when two uploads race for it', async () => {
    const dave = await t.signUp();
    await setUsed(dave, 99, 0);
    const results = await Promise.all([
      uploadFile(dave, makePdf(['one']), { filename: 'one.pdf' }),
      uploadFile(dave, makePdf(['two']), { filename: 'two.pdf' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 402]);
    expect(await usage(dave)).toMatchObject({ pdf: 100 });
    expect(await itemCount(dave)).toBe(1);
    expect(await blobsOf(dave)).toHaveLength(1);
  });

  it('has no limit on a professional plan', async () => {
    const erin = await t.signUp();
    await setPlan(t.database, erin);
    await setUsage(t.database, erin, 'pdf', 5000);
    expect((await uploadFile(erin, makePdf(['unlimited']))).statusCode).toBe(200);
  });
});

describe('deleting file items', () => {
  it('removes the file and its thumbnails from the store after the delete commits', async () => {
    const frank = await t.signUp();
    const res = await uploadFile(frank, fixture('photo.jpg'), { url: '/item/save/image', filename: 'p.jpg' });
    const keep = await uploadFile(frank, fixture('small.gif'), {
      url: '/item/save/image',
      filename: 'k.gif',
    });
    await t.jobs.runDueJobs();
    expect(await blobsOf(frank)).toHaveLength(8);
    const linkId = res.json().items[0].link_id;
    // another user's delete of it is refused and queues nothing
    expect((await alice.post('/ditem_mana2/delete_b', { link_id: String(linkId) })).statusCode).toBe(404);
    await t.jobs.runDueJobs();
    expect(await blobsOf(frank)).toHaveLength(8);

    await frank.post('/ditem_mana2/delete_b', { link_id: String(linkId) });
    expect((await frank.get(`/api/files/items/${linkId}/file`)).statusCode).toBe(404);
    await frank.post('/api/trash/delete', { link_id: String(linkId) });
    expect(await t.jobs.runDueJobs()).toMatchObject({ succeeded: 1, failed: 0 });
    const left = await blobsOf(frank);
    expect(left).toHaveLength(4);
    const kept = keep.json().items[0];
    expect((await frank.get(kept.permanent_url)).statusCode).toBe(200);
    expect((await frank.get(`/api/files/items/${linkId}/file`)).statusCode).toBe(404);
  });
});
