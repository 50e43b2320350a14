import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark, userIdOf } from '../../../test/factories/items.ts';
import { fixture, uploadFile } from '../../../test/factories/uploads.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers/app.ts';
import { multipartBody } from '../../../test/helpers/multipart.ts';
import { makePdf } from '../../../test/helpers/pdf.ts';
import { type S3Peer, startS3Peer } from '../../../test/helpers/s3.ts';
import { startTestSite, type TestSite } from '../../../test/helpers/test-site.ts';
import { queryRows } from '../db/client.ts';
import { queueBlobSweep } from './blob-sweep.ts';
import { S3BlobStore } from './s3-blob-store.ts';

/** An instance configured with S3_*: every file it stores and serves lives in the bucket. */
let s3: S3Peer;
let site: TestSite;
let t: TestApp;
let alice: TestClient;
let bob: TestClient;
let bucket: S3BlobStore;
beforeAll(async () => {
  s3 = await startS3Peer();
  site = await startTestSite();
  t = await createTestApp({ FETCH_ALLOW_PRIVATE: '1', ...s3.env });
  bucket = new S3BlobStore(s3.settings);
  alice = await t.signUp();
  bob = await t.signUp();
});
afterAll(async () => {
  bucket.close();
  await t.close();
  await site.close();
  await s3.close();
});

async function keysUnder(area: string): Promise<string[]> {
  const out: string[] = [];
  for await (const blob of bucket.list(area)) out.push(blob.key);
  return out;
}

describe('files in S3', () => {
  it('stores an upload in the bucket and serves it through Folio, ranges and access rules kept', async () => {
    const pdf = makePdf(['stored in a bucket']);
    const item = (await uploadFile(alice, pdf, { url: '/item/save/pdf' })).json().items[0];
    const uid = await userIdOf(t.database, alice.name!);
    expect(await keysUnder('items')).toEqual([expect.stringMatching(new RegExp(`^items/${uid}/`))]);
    // nothing on the instance's own disk
    expect(existsSync(path.join(t.config.dataDir, 'files'))).toBe(false);

    const whole = await alice.get(item.permanent_url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    const part = await alice.request({
      method: 'GET',
      url: item.permanent_url,
      headers: { range: 'bytes=0-7' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${pdf.length}`);
    expect(part.body).toBe(pdf.subarray(0, 8).toString());
    expect((await bob.get(item.permanent_url)).statusCode).toBe(404);
  });

  it("keeps a page capture's copy and its pictures in the bucket, served sandboxed", async () => {
    const { link_id } = await saveBookmark(alice, {
      url: site.url('/article.html'),
      title: '',
      private: true,
    });
    await t.jobs.runDueJobs();
    const res = await alice.get('/cached', { link_id: String(link_id) });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-security-policy']).startsWith('sandbox;')).toBe(true);
    expect(res.body).toContain('zymurgical gardener');
    expect(await keysUnder('pages')).not.toEqual([]);
    const picture = /src="(\/api\/files\/[^"]+)"/.exec(res.body)?.[1];
    expect(picture).toBeDefined();
    const img = await alice.get(picture!);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect((await bob.get('/cached', { link_id: String(link_id) })).statusCode).toBe(404);
    // the cover (og:image) is stored in the bucket too
    const [row] = await queryRows<{ thumbnail_url: string }>(
      t.database.db,
      sql`SELECT thumbnail_url FROM items WHERE id = ${link_id}`,
    );
    expect(row!.thumbnail_url).toMatch(/^\/api\/files\/pages\//);
    const cover = await alice.get(row!.thumbnail_url);
    expect(cover.statusCode).toBe(200);
    expect(cover.headers['content-type']).toBe('image/jpeg');
  });

  it('exports items with their stored pictures read from the bucket', async () => {
    const image = (await uploadFile(alice, fixture('photo.jpg'), { url: '/item/save/image' })).json()
      .items[0];
    const res = await alice.post('/api/export/items', { link_ids: String(image.link_id), format: 'pdf' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.toString('latin1')).toContain('/Subtype /Image');
  });

  it('stores an avatar in the bucket, and replacing it removes the old one', async () => {
    const upload = () => {
      const { payload, headers } = multipartBody([
        { name: 'type', value: 'user' },
        { name: 'iframe', value: '1' },
        { name: 'id', value: alice.name! },
        { name: 'source', value: fixture('photo.jpg'), filename: 'me.jpg' },
      ]);
      return alice.request({ method: 'POST', url: '/api/settings/uploadAvatar', payload, headers });
    };
    const first = (await upload()).json().avatar_url as string;
    const shown = await t.visitor().get(first);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/png');
    expect(await keysUnder('avatars')).toHaveLength(1);
    await upload();
    expect((await t.visitor().get(first)).statusCode).toBe(404);
    expect(await keysUnder('avatars')).toHaveLength(1);
  });

  it('sweeps the bucket: an unreferenced blob goes, every file a row names stays', async () => {
    const uid = await userIdOf(t.database, alice.name!);
    await t.jobs.runDueJobs(); // the thumbnails of what was uploaded
    await bucket.put(`items/${uid}/orphan.pdf`, makePdf(['lost']), 'application/pdf');
    const before = await keysUnder('items');
    t.clock.advance(2 * 24 * 3_600_000);
    await queueBlobSweep(t.jobs, t.database.db);
    expect(await t.jobs.runDueJobs()).toMatchObject({ failed: 0 });
    expect(await keysUnder('items')).toEqual(before.filter((key) => !key.endsWith('/orphan.pdf')));
    expect(await keysUnder('pages')).not.toEqual([]);
    expect(await keysUnder('avatars')).toHaveLength(1);
  });
});
