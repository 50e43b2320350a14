import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/helpers/database.ts';
import { makePdf } from '../../../test/helpers/pdf.ts';
import { type Database, openPglite, queryRows } from '../db/client.ts';
import { noteImageKeysOf } from '../modules/notes/images.ts';
import { blobKeysOf } from '../modules/uploads/repo.ts';
import { LocalBlobStore } from './blob-store.ts';
import { sweepBlobs } from './blob-sweep.ts';

/**
 * kill -9 of a real server process (src/server/main.ts) in the middle of uploads, a restart, and
 * the sweep: no file without a row, and no file row without its file.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const onPostgres = process.env.FOLIO_TEST_DB === 'postgres';
const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-crash-'));
const children = new Set<ChildProcess>();
let pgDatabase: (Database & { url?: string }) | undefined;
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await pgDatabase?.close();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${env.PUBLIC_URL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the server did not start');
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Every file under the store, relative to it. */
function storedFiles(): string[] {
  const root = path.join(dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** A PDF upload whose body is sent in pieces and left open until the caller ends it. */
function openUpload(base: string, cookie: string, size: number) {
  const boundary = 'crashboundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="qqfile"; filename="big.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
  );
  const req = http.request(`${base}/item/save/pdf`, {
    method: 'POST',
    headers: {
      cookie,
      origin: base,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + size + 4 + boundary.length + 4),
    },
  });
  req.on('error', () => {}); // the server is killed under it
  req.write(head);
  req.write(Buffer.alloc(1024 * 1024, 0x20));
  return req;
}

describe('a crash during uploads', () => {
  it('leaves no orphan file and no orphan row once the restarted server has swept', {
    timeout: 180_000,
  }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      LOG_LEVEL: 'error',
      SESSION_SECRET: 'crash-test-secret-crash-test-secret-00',
      JOBS_POLL_MS: '200',
    };
    if (onPostgres) {
      pgDatabase = await freshDatabase();
      env.DATABASE_URL = pgDatabase.url!;
    }
    const first = await startServer(env);
    const signUp = await fetch(`${base}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ name: 'crasher', email: 'crasher@example.com', password: 'secret123' }),
    });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');

    // finished uploads before the crash, racing ones at it, and ones cut off mid-file
    const pdf = makePdf(['kept across the crash']);
    const send = () => {
      const form = new FormData();
      form.append('qqfile', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'small.pdf');
      return fetch(`${base}/item/save/pdf`, {
        method: 'POST',
        headers: { cookie, origin: base },
        body: form,
      });
    };
    const done = await Promise.all([send(), send()]);
    expect(done.map((r) => r.status)).toEqual([200, 200]);
    const open = [0, 1, 2].map(() => openUpload(base, cookie, 8 * 1024 * 1024));
    const racing = Array.from({ length: 6 }, () => send().catch(() => null));
    const deadline = Date.now() + 20_000;
    while (!storedFiles().some((f) => f.endsWith('.tmp')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    first.kill('SIGKILL');
    await exited(first);
    await Promise.all(racing);
    for (const req of open) req.destroy();
    // the crash left half-written files behind
    expect(storedFiles().filter((f) => f.endsWith('.tmp')).length).toBeGreaterThan(0);

    // restart: the server comes back on the same data, the finished uploads are still there
    const second = await startServer(env);
    const listed = await fetch(`${base}/interact_api/load_user_items?type=pdf`, { headers: { cookie } });
    expect((await listed.json()).items.length).toBeGreaterThanOrEqual(2);
    second.kill('SIGTERM');
    await exited(second);

    // the sweep, as its job runs it, at a time when the crash is older than its grace periods
    const database = onPostgres ? pgDatabase! : await openPglite(path.join(dataDir, 'db'));
    try {
      const blobs = new LocalBlobStore(path.join(dataDir, 'files'));
      await sweepBlobs(
        blobs,
        {
          items: (userId) => blobKeysOf(database.db, userId),
          notes: (userId) => noteImageKeysOf(database.db, userId),
        },
        new Date(Date.now() + 2 * 24 * 3_600_000),
      );
      const rows = await queryRows<{ blob_key: string; thumbnails: Record<string, string> }>(
        database.db,
        sql`SELECT blob_key, thumbnails FROM item_files`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(2);
      const data = storedFiles().filter((f) => !f.endsWith('.meta'));
      // no orphan file: every stored file is a row's file or one of its thumbnails (a PDF's first
      // page), with its type file beside it
      const referenced = rows.flatMap((r) => [r.blob_key, ...Object.values(r.thumbnails)]);
      expect(data.sort()).toEqual(referenced.sort());
      expect(
        storedFiles()
          .filter((f) => f.endsWith('.meta'))
          .sort(),
      ).toEqual(data.map((f) => `${f}.meta`).sort());
    } finally {
      if (!onPostgres) await database.close();
    }
  });
});
