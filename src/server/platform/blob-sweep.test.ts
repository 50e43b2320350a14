import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CreateMultipartUploadCommand, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../../test/factories/items.ts';
import { fixture, uploadFile } from '../../../test/factories/uploads.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers/app.ts';
import { multipartBody } from '../../../test/helpers/multipart.ts';
import { makePdf } from '../../../test/helpers/pdf.ts';
import { type S3Peer, startS3Peer } from '../../../test/helpers/s3.ts';
import { queryRows } from '../db/client.ts';
import { noteImageKeysOf } from '../modules/notes/images.ts';
import { blobKeysOf } from '../modules/uploads/repo.ts';
import { type BlobStore, LocalBlobStore } from './blob-store.ts';
import { BLOB_SWEEP_JOB, queueBlobSweep, sweepBlobs } from './blob-sweep.ts';
import { S3BlobStore } from './s3-blob-store.ts';

const DAY = 24 * 3_600_000;

/** The sweep against the store the app was configured with: its own disk, or an S3 bucket. */
describe.each([
  ['on disk', false],
  ['in S3', true],
] as const)('sweepBlobs, files %s', (_where, inS3) => {
  let t: TestApp;
  let alice: TestClient;
  let s3: S3Peer | undefined;
  let blobs: BlobStore;
  /** what a crash mid-upload leaves: a temporary file, or a multipart upload never completed */
  let leaveUnfinished: (key: string) => Promise<void>;
  let client: S3Client | undefined;
  let bucket: S3BlobStore | undefined;
  beforeAll(async () => {
    s3 = inS3 ? await startS3Peer() : undefined;
    t = await createTestApp(s3?.env ?? {});
    alice = await t.signUp();
    if (s3) {
      bucket = new S3BlobStore(s3.settings);
      blobs = bucket;
      client = new S3Client({
        region: s3.settings.region,
        endpoint: s3.settings.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      leaveUnfinished = async (key) => {
        await client!.send(new CreateMultipartUploadCommand({ Bucket: s3!.settings.bucket, Key: key }));
      };
    } else {
      const root = path.join(t.config.dataDir, 'files');
      blobs = new LocalBlobStore(root);
      leaveUnfinished = async (key) => writeFileSync(path.join(root, `${key}.0123456789ab.tmp`), '%PDF-half');
    }
  });
  afterAll(async () => {
    client?.destroy();
    bucket?.close();
    await t.close();
    await s3?.close();
  });

  async function blobKeys(): Promise<string[]> {
    const out: string[] = [];
    for (const area of ['items', 'notes']) for await (const blob of blobs.list(area)) out.push(blob.key);
    return out.sort();
  }

  it('removes unreferenced blobs and unfinished uploads, and keeps every file a row names', async () => {
    const uid = await userIdOf(t.database, alice.name!);
    const pdf = (await uploadFile(alice, makePdf(['kept']), { url: '/item/save/pdf' })).json().items[0];
    const image = (await uploadFile(alice, fixture('photo.jpg'), { url: '/item/save/image' })).json()
      .items[0];
    await t.jobs.runDueJobs(); // thumbnails
    const { payload, headers } = multipartBody([
      { name: 'files[]', value: fixture('photo.jpg'), filename: 'p.jpg' },
    ]);
    const upload = () =>
      alice.request({ method: 'POST', url: '/item/save/image?for=note', payload, headers });
    const shown = (await upload()).json().image_url_embeded_in_note;
    const dropped = (await upload()).json().image_url_embeded_in_note;
    await alice.post('/item/save/note', { title: 'n', content: `<p>x</p><img src="${shown}">` });

    // what a crash leaves: a stored file whose row never committed, and half an upload
    await blobs.put(`items/${uid}/orphan.pdf`, makePdf(['lost']), 'application/pdf');
    await leaveUnfinished(`items/${uid}/gone.pdf`);
    const before = await blobKeys();

    const areas = {
      items: (userId: number) => blobKeysOf(t.database.db, userId),
      notes: (userId: number) => noteImageKeysOf(t.database.db, userId),
    };
    // young leftovers are kept, referenced or not: an upload commits its row after storing its file
    expect(await sweepBlobs(blobs, areas, new Date())).toEqual({ temporary: 0, unreferenced: 0 });
    expect(await sweepBlobs(blobs, areas, new Date(Date.now() + 2 * DAY))).toEqual({
      temporary: 1,
      unreferenced: 2,
    });
    const after = await blobKeys();
    expect(before.filter((key) => !after.includes(key)).sort()).toEqual(
      [`items/${uid}/orphan.pdf`, dropped.replace('/api/files/', '')].sort(),
    );
    expect(await sweepBlobs(blobs, areas, new Date(Date.now() + 2 * DAY))).toEqual({
      temporary: 0,
      unreferenced: 0,
    });
    expect((await alice.get(pdf.permanent_url)).statusCode).toBe(200);
    expect((await alice.get(`/api/files/items/${image.link_id}/thumb/150`)).statusCode).toBe(200);
    expect((await alice.get(shown)).statusCode).toBe(200);
  });

  it('runs as a background job that queues its next run', async () => {
    await queueBlobSweep(t.jobs, t.database.db);
    expect(await t.jobs.runDueJobs()).toMatchObject({ succeeded: 1, failed: 0 });
    const next = await queryRows<{ run_at: string }>(
      t.database.db,
      sql`SELECT run_at FROM jobs WHERE kind = ${BLOB_SWEEP_JOB.kind} AND status = 'queued'`,
    );
    expect(next).toHaveLength(1);
    expect(new Date(next[0]!.run_at).getTime() - t.clock.now().getTime()).toBe(6 * 3_600_000);
    // the next run is not due yet
    expect(await t.jobs.runDueJobs()).toMatchObject({ succeeded: 0 });
  });
});
