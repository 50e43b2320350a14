/**
 * The Folio backup of a large library (issue 29): 100,000 items (tags, highlights with sticky notes,
 * page copies) and 1 GB of uploaded files, written by `folioBackupFormat(...).write` into a file as
 * the export job does. Measured: the time, the zip's size, this process's peak RSS growth while it
 * runs (the backup runs in the server's process: the database is PostgreSQL, outside it), and the
 * latency of another user's library call (GET /interact_api/load_user_items over HTTP, every 50 ms)
 * meanwhile.
 *
 *   npx tsx --expose-gc bench/backup-memory.ts [--items 100000] [--files 1024] [--file-mb 1] [--db postgres]
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import { AccountsService } from '../src/server/modules/accounts/service.ts';
import { folioBackupFormat } from '../src/server/modules/backup/formats.ts';
import { TagsService } from '../src/server/modules/tags/service.ts';
import { SignInThrottle } from '../src/server/platform/auth/throttle.ts';
import { LocalBlobStore } from '../src/server/platform/blob-store.ts';
import { systemClock } from '../src/server/platform/clock.ts';
import { inProcessApp } from './in-process.ts';
import { parseArgs } from './lib.ts';

const args = parseArgs();
const kind = args.get('db') === 'pglite' ? 'pglite' : 'postgres';
const ITEMS = Number(args.get('items') ?? 100_000);
const FILES = Number(args.get('files') ?? 1024);
const FILE_MB = Number(args.get('file-mb') ?? 1);
const { app, database, dataDir } = await inProcessApp(kind, 'folio_bench_backup', 8);
const db = database.db;
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
const origin = 'http://localhost';
const mib = (n: number) => (n / 1024 / 1024).toFixed(0);

async function signUp(name: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: { origin },
    payload: { name, email: `${name}@bench.example.com`, password: 'benchpass1' },
  });
  return String(res.headers['set-cookie']).split(';')[0]!;
}
await signUp('backer');
const otherCookie = await signUp('neighbour');
const rows = async <T>(q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;
const userId = (await rows<{ id: number }>(sql`SELECT id::float8 AS id FROM users WHERE name = 'backer'`))[0]!
  .id;

let t0 = performance.now();
// the library: bookmarks (a tenth with a page copy of ~12 KB), PDFs holding the files
await db.execute(sql`
  INSERT INTO items (user_id, type, title, url, description, private, unread, created_at, updated_at, capture_status)
  SELECT ${userId}, 'bookmark', 'Article ' || g || ' about reading things worth keeping',
    'https://example.com/articles/' || g, 'A description of article ' || g || ', a sentence or two long.',
    g % 2 = 0, g % 10 = 0, now() - (g || ' minutes')::interval, now(), 'done'
  FROM generate_series(1, ${ITEMS - FILES}) g`);
await db.execute(sql`
  INSERT INTO items (user_id, type, title, private, created_at, updated_at)
  SELECT ${userId}, 'pdf', 'Paper ' || g || '.pdf', true, now(), now() FROM generate_series(1, ${FILES}) g`);
await db.execute(sql`
  INSERT INTO tags (user_id, name) SELECT ${userId}, 'tag' || g FROM generate_series(1, 500) g`);
await db.execute(sql`
  INSERT INTO item_tags (item_id, tag_id, user_id, position)
  SELECT i.id, t.id, ${userId}, 0 FROM items i JOIN tags t ON t.user_id = i.user_id AND t.name = 'tag' || (i.id % 500 + 1)
  WHERE i.user_id = ${userId}`);
await db.execute(sql`
  INSERT INTO annotations (user_id, item_id, shape, content, ann_md5, color, selector)
  SELECT i.user_id, i.id, 0, 'A highlighted passage of item ' || i.id || ', about as long as readers mark.',
    md5(i.id::text), 'yellow',
    jsonb_build_array(jsonb_build_object('type', 'TextQuoteSelector', 'exact', 'A highlighted passage'),
                      jsonb_build_object('type', 'TextPositionSelector', 'start', 10, 'end', 31))
  FROM items i WHERE i.user_id = ${userId} AND i.id % 5 = 0`);
await db.execute(sql`
  INSERT INTO sticky_notes (user_id, item_id, annotation_id, content)
  SELECT a.user_id, a.item_id, a.id, 'A thought on this passage.' FROM annotations a WHERE a.item_id % 10 = 0`);
await db.execute(sql`
  INSERT INTO item_pages (item_id, user_id, source_url, final_url, title, html, text, captured_at)
  SELECT i.id, i.user_id, i.url, i.url, i.title, repeat('<p>' || i.title || ' and its words.</p>', 200),
    repeat(i.title || ' and its words. ', 200), now()
  FROM items i WHERE i.user_id = ${userId} AND i.type = 'bookmark' AND i.id % 10 = 0`);
// the other user's library, which the latency probe lists
await db.execute(sql`
  INSERT INTO items (user_id, type, title, url, private)
  SELECT u.id, 'bookmark', 'Neighbour page ' || g, 'https://example.org/' || g, true
  FROM users u, generate_series(1, 2000) g WHERE u.name = 'neighbour'`);
const seeded = performance.now() - t0;

t0 = performance.now();
const pdfs = await rows<{ id: number }>(
  sql`SELECT id::float8 AS id FROM items WHERE user_id = ${userId} AND type = 'pdf' ORDER BY id`,
);
const dir = path.join(dataDir, 'files', 'items', String(userId));
mkdirSync(dir, { recursive: true });
for (const [i, { id }] of pdfs.entries()) {
  const name = `${randomBytes(16).toString('base64url')}.pdf`;
  // a PDF's head, then bytes that do not compress (as a real PDF's streams mostly do not)
  const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(FILE_MB * 1024 * 1024 - 9)]);
  writeFileSync(path.join(dir, name), bytes);
  await db.execute(sql`
    INSERT INTO item_files (item_id, user_id, blob_key, content_type, size, file_name, sha256)
    VALUES (${id}, ${userId}, ${`items/${userId}/${name}`}, 'application/pdf', ${bytes.length}, ${`paper-${i}.pdf`},
      ${'0'.repeat(64)})`);
}
const filed = performance.now() - t0;
await db.execute(sql`ANALYZE`);
console.log(
  `${kind}: ${ITEMS} items (${FILES} PDFs of ${FILE_MB} MB), seeded in ${(seeded / 1000).toFixed(0)} s, files written in ${(filed / 1000).toFixed(0)} s`,
);

const tags = new TagsService({
  db,
  clock: systemClock,
  accounts: new AccountsService({ db, clock: systemClock, throttle: new SignInThrottle(db, systemClock) }),
});
const format = folioBackupFormat({
  db,
  blobs: new LocalBlobStore(path.join(dataDir, 'files')),
  tags,
  clock: systemClock,
});

/** The neighbour's library page over HTTP every 50 ms while `during` runs: each answer's time. */
async function probeWhile(during: Promise<unknown>): Promise<number[]> {
  let done = false;
  const times: number[] = [];
  void during.finally(() => {
    done = true;
  });
  while (!done) {
    const start = performance.now();
    await new Promise<void>((resolve, reject) =>
      http
        .get(
          {
            port,
            host: '127.0.0.1',
            path: '/interact_api/load_user_items?count=24',
            headers: { cookie: otherCookie },
          },
          (res) => {
            if (res.statusCode !== 200) reject(new Error(`probe ${res.statusCode}`));
            res.resume();
            res.on('end', resolve);
          },
        )
        .on('error', reject),
    );
    times.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 50));
  }
  return times.sort((a, b) => a - b);
}

(globalThis as { gc?: () => void }).gc?.();
const zipPath = path.join(dataDir, 'backup.zip');
const start = process.memoryUsage();
const base = start.rss;
let peak = base;
let heapPeak = start.heapUsed;
let bufferPeak = start.arrayBuffers;
const sampler = setInterval(() => {
  const now = process.memoryUsage();
  peak = Math.max(peak, now.rss);
  heapPeak = Math.max(heapPeak, now.heapUsed);
  bufferPeak = Math.max(bufferPeak, now.arrayBuffers);
}, 20);
t0 = performance.now();
const out = createWriteStream(zipPath);
const run = format.write(userId, out).then(async () => {
  out.end();
  await finished(out);
});
const times = await probeWhile(run);
await run;
const ms = performance.now() - t0;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
(globalThis as { gc?: () => void }).gc?.();
const retained = process.memoryUsage();
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(0);
console.log(
  '| db | items | files | time | zip | RSS before | peak RSS growth | peak heap growth | peak buffers growth | heap kept after | neighbour calls | p50 | p99 | max |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
console.log(
  `| ${kind} | ${ITEMS} | ${mib(FILES * FILE_MB * 1024 * 1024)} MB | ${(ms / 1000).toFixed(0)} s | ${mib(statSync(zipPath).size)} MB | ` +
    `${mib(base)} MB | ${mib(peak - base)} MB | ${mib(heapPeak - start.heapUsed)} MB | ${mib(bufferPeak - start.arrayBuffers)} MB | ${mib(retained.heapUsed - start.heapUsed)} MB | ${times.length} | ${at(0.5)} ms | ${at(0.99)} ms | ${times[times.length - 1]!.toFixed(0)} ms |`,
);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
