import { existsSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userIdOf } from '../../../test/factories/items.ts';
import { fixture, uploadFile } from '../../../test/factories/uploads.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers/app.ts';
import { multipartBody } from '../../../test/helpers/multipart.ts';
import { makePdf } from '../../../test/helpers/pdf.ts';
import { queryRows } from '../db/client.ts';
import { noteImageKeysOf } from '../modules/notes/images.ts';
import { blobKeysOf } from '../modules/uploads/repo.ts';
import { LocalBlobStore } from './blob-store.ts';
import { BLOB_SWEEP_JOB, queueBlobSweep, sweepBlobs } from './blob-sweep.ts';

let t: TestApp;
let alice: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
});
afterAll(() => t.close());

const DAY = 24 * 3_600_000;

function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

describe('sweepBlobs', () => {
  it('removes unreferenced blobs and old temporary files, and keeps every file a row names', async () => {
    const root = path.join(t.config.dataDir, 'files');
    const blobs = new LocalBlobStore(root);
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
    const half = path.join(root, 'items', String(uid), 'gone.pdf.0123456789ab.tmp');
    writeFileSync(half, '%PDF-half');
    const old = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(half, old, old);
    const before = filesUnder(root);

    const areas = {
      items: (userId: number) => blobKeysOf(t.database.db, userId),
      notes: (userId: number) => noteImageKeysOf(t.database.db, userId),
    };
    // young blobs are kept, referenced or not: an upload commits its row after storing its file
    expect(await sweepBlobs(blobs, areas, new Date())).toEqual({ temporary: 1, unreferenced: 0 });
    expect(await sweepBlobs(blobs, areas, new Date(Date.now() + 2 * DAY))).toEqual({
      temporary: 0,
      unreferenced: 2,
    });
    const removed = before.filter((f) => !filesUnder(root).includes(f));
    expect(removed.sort()).toEqual(
      [
        `items/${uid}/gone.pdf.0123456789ab.tmp`,
        `items/${uid}/orphan.pdf`,
        `items/${uid}/orphan.pdf.meta`,
        dropped.replace('/api/files/', ''),
        `${dropped.replace('/api/files/', '')}.meta`,
      ].sort(),
    );
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
