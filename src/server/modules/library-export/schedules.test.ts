import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveBookmark } from '../../../../test/factories/items.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { startGoogleDrivePeer } from '../../../../test/helpers/google-drive.ts';
import { startWebdavPeer, type WebdavPeer } from '../../../../test/helpers/webdav-peer.ts';
import { LIBRARY_EXPORT_MSG } from '../../../shared/schemas/library-export.ts';
import { queryRows } from '../../db/client.ts';
import { queueBackupSweep } from './schedules.ts';

const DAY = 24 * 3_600_000;

let t: TestApp;
let dav: WebdavPeer;
let drive: Awaited<ReturnType<typeof startGoogleDrivePeer>>;
let alice: TestClient;
let bob: TestClient;
let aliceEmail: string;

beforeAll(async () => {
  dav = await startWebdavPeer();
  drive = await startGoogleDrivePeer({ expiresIn: 30 * 24 * 3600 });
  t = await createTestApp({
    FETCH_ALLOW_PRIVATE: '1',
    ...drive.env,
    // the sessions outlive the clock moved on by days
    SESSION_IDLE_MINUTES: '100000',
    SESSION_ABSOLUTE_HOURS: '10000',
  });
  alice = await t.signUp();
  aliceEmail = `${alice.name}@example.com`;
  bob = await t.signUp();
  await saveBookmark(alice, { url: 'https://example.com/kept', title: 'Kept page' });
});
afterAll(async () => {
  await t.close();
  await dav.close();
  await drive.close();
});

/** What a scheduled run writes (the Folio backup by default): a bookmarks file is easier to compare. */
async function useFormat(format: string) {
  await t.database.db.execute(sql`UPDATE backup_schedules SET format = ${format}`);
}

/** The periodic job, as the poller would run it, and the runs it queues. */
async function sweep() {
  await queueBackupSweep(t.jobs, t.database.db);
  await t.jobs.runDueJobs();
}

const scheduled = async (client: TestClient) =>
  (await client.get('/api/export/library')).json().exports.filter((e: { scheduled: boolean }) => e.scheduled);

/** The SMTP peer keeps a mail before the mailer's send() resolves: no waiting needed. */
const failureMails = () =>
  t.inbox.filter((m) => m.to.includes(aliceEmail) && m.raw.includes('Your Folio backup did not complete'));

describe('the backup schedule', () => {
  it('is off until set, and refuses bad input or a drive not connected', async () => {
    expect((await alice.get('/api/export/backup-schedule')).json()).toEqual({
      frequency: 'off',
      keep: 7,
      destination: 'server',
      next_run_at: null,
      last_run_at: null,
      last_result: null,
      last_message: null,
      drives: { webdav: false, google_drive: false },
    });
    for (const body of [
      { frequency: 'hourly', keep: 3, destination: 'server' },
      { frequency: 'daily', keep: 0, destination: 'server' },
      { frequency: 'daily', keep: 31, destination: 'server' },
      { frequency: 'daily', keep: 3, destination: 'ftp' },
    ]) {
      expect((await alice.post('/api/export/backup-schedule', body)).statusCode).toBe(400);
    }
    const drive = await alice.post('/api/export/backup-schedule', {
      frequency: 'daily',
      keep: 3,
      destination: 'webdav',
    });
    expect(drive.statusCode).toBe(400);
    expect(drive.json()).toMatchObject({
      message: LIBRARY_EXPORT_MSG.driveNotConnected,
      field: 'destination',
    });
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM backup_schedules`,
    );
    expect(row!.n).toBe(0);
  });

  it('runs once when due on any instance, keeps the last N and says how the last run went', async () => {
    const set = await alice.post('/api/export/backup-schedule', {
      frequency: 'daily',
      keep: 2,
      destination: 'server',
    });
    expect(set.statusCode).toBe(200);
    expect(Date.parse(set.json().next_run_at)).toBe(t.clock.now().getTime());
    await sweep();
    // a second sweep the same day finds nothing due
    await sweep();
    const first = await scheduled(alice);
    expect(first).toHaveLength(1);
    // a Folio backup, kept by the schedule rather than for a day
    expect(first[0]).toMatchObject({ state: 'ready', scheduled: true, expires_at: null, format: 'folio' });
    const download = await alice.get(first[0].download_url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/filename="folio-backup-\d{4}-\d\d-\d\d\.zip"/);
    const zip = unzipSync(new Uint8Array(download.rawPayload));
    expect(new TextDecoder().decode(zip['folio-backup.json'])).toContain('Kept page');
    expect((await bob.get(first[0].download_url)).statusCode).toBe(404);
    // the rest of these tests compare what a run writes with what a drive gets: a bookmarks file
    await useFormat('netscape');
    const schedule = (await alice.get('/api/export/backup-schedule')).json();
    expect(schedule).toMatchObject({
      frequency: 'daily',
      keep: 2,
      last_result: 'ok',
      last_message: 'Kept on the server.',
    });
    expect(Date.parse(schedule.next_run_at)).toBe(t.clock.now().getTime() + DAY);

    for (let day = 0; day < 3; day++) {
      t.clock.advance(DAY);
      await sweep();
    }
    const kept = await scheduled(alice);
    expect(kept).toHaveLength(2);
    // a scheduled backup does not expire with the day: the schedule keeps it
    expect((await alice.get(kept[1].download_url)).statusCode).toBe(200);
    const [files] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM library_exports WHERE scheduled AND blob_key IS NOT NULL`,
    );
    expect(files!.n).toBe(2);
    expect(
      readdirSync(path.join(t.config.dataDir, 'files', 'library-exports', String(await idOf(alice)))).filter(
        (f) => !f.endsWith('.meta'),
      ),
    ).toHaveLength(2);
  });

  it('mails a failure once, not again until a run succeeds', async () => {
    // a format this server does not write (a row from another release): the run fails
    await useFormat('retired');
    t.clock.advance(DAY);
    await sweep();
    expect(failureMails().length).toBe(1);
    const failed = (await alice.get('/api/export/backup-schedule')).json();
    expect(failed).toMatchObject({
      last_result: 'failed',
      last_message: LIBRARY_EXPORT_MSG.notAvailable('retired'),
    });
    t.clock.advance(DAY);
    await sweep();
    expect(failureMails()).toHaveLength(1);
    await useFormat('netscape');
    t.clock.advance(DAY);
    await sweep();
    expect((await alice.get('/api/export/backup-schedule')).json().last_result).toBe('ok');
    await useFormat('retired');
    t.clock.advance(DAY);
    await sweep();
    expect(failureMails().length).toBe(2);
    await useFormat('netscape');
  });

  it('sends each backup to the connected WebDAV folder as well', async () => {
    const connect = await alice.post('/api/drives/webdav', {
      url: dav.url,
      username: 'ann',
      password: 'app-pass-1',
    });
    expect(connect.statusCode).toBe(200);
    const set = await alice.post('/api/export/backup-schedule', {
      frequency: 'weekly',
      keep: 2,
      destination: 'webdav',
    });
    expect(set.json()).toMatchObject({
      frequency: 'weekly',
      destination: 'webdav',
      drives: { webdav: true },
    });
    // a new period counts from the last run
    expect(Date.parse(set.json().next_run_at)).toBe(Date.parse(set.json().last_run_at) + 7 * DAY);
    t.clock.advance(7 * DAY);
    await sweep();
    const files = readdirSync(dav.root).filter((f) => f.startsWith('folio-backup-'));
    expect(files).toHaveLength(1);
    const [latest] = await scheduled(alice);
    expect(readFileSync(path.join(dav.root, files[0]!), 'utf8')).toBe(
      (await alice.get(latest.download_url)).body,
    );
    const schedule = (await alice.get('/api/export/backup-schedule')).json();
    expect(schedule.last_result).toBe('ok');
    expect(schedule.last_message).toContain('sent to WebDAV');
    // weekly: the next one a week on
    expect(Date.parse(schedule.next_run_at)).toBe(t.clock.now().getTime() + 7 * DAY);
    t.clock.advance(DAY);
    await sweep();
    expect(readdirSync(dav.root).filter((f) => f.startsWith('folio-backup-'))).toHaveLength(1);
  });

  it('says so when the drive refuses, keeping the backup on the server', async () => {
    await t.database.db.execute(sql`UPDATE webdav_connections SET url = ${`${dav.url}missing-folder/`}`);
    t.clock.advance(7 * DAY);
    const mails = failureMails().length;
    await sweep();
    const schedule = (await alice.get('/api/export/backup-schedule')).json();
    expect(schedule.last_result).toBe('failed');
    expect(schedule.last_message).toMatch(/^Kept on the server, but not sent to WebDAV: /);
    expect(failureMails().length).toBe(mails + 1);
    const [latest] = await scheduled(alice);
    expect(latest.state).toBe('ready');
  });

  it('sends each backup to the connected Google Drive', async () => {
    const start = await alice.post('/api/drives/google/connect', { return_to: '/setting' });
    const atGoogle = await fetch(start.json().url, { redirect: 'manual' });
    const back = new URL(atGoogle.headers.get('location') ?? '');
    expect((await alice.get(`${back.pathname}${back.search}`)).statusCode).toBe(302);
    const set = await alice.post('/api/export/backup-schedule', {
      frequency: 'daily',
      keep: 2,
      destination: 'google_drive',
    });
    expect(set.json().drives).toEqual({ webdav: true, google_drive: true });
    t.clock.advance(7 * DAY);
    await sweep();
    expect(drive.files).toHaveLength(1);
    const [file] = drive.files;
    expect(file!.name).toMatch(/^folio-backup-\d{4}-\d\d-\d\dT\d\d-\d\d\.html$/);
    const [latest] = await scheduled(alice);
    expect(file!.body.toString('utf8')).toBe((await alice.get(latest.download_url)).body);
    expect((await alice.get('/api/export/backup-schedule')).json().last_message).toContain(
      'sent to Google Drive',
    );
  });

  it('stops when turned off', async () => {
    await alice.post('/api/export/backup-schedule', { frequency: 'off', keep: 2, destination: 'server' });
    const before = (await scheduled(alice)).length;
    t.clock.advance(7 * DAY);
    await sweep();
    expect((await scheduled(alice)).length).toBe(before);
    expect((await alice.get('/api/export/backup-schedule')).json().next_run_at).toBeNull();
  });
});

async function idOf(client: TestClient): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM users WHERE name = ${client.name}`,
  );
  return Number(row!.id);
}
