/**
 * Library page size and time with one heavily annotated item (issue 13.5): one user's kindle book
 * with --highlights highlights (inserted in SQL, as a Kindle import leaves them) among 23 other
 * items; GET /interact_api/load_user_items (24 rows) through the real app, --samples times.
 *
 *   npx tsx bench/annotated-list.ts --db pglite|postgres --highlights 56000 --samples 5
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { type Database, openPglite, openPostgres } from '../src/server/db/client.ts';
import { systemClock } from '../src/server/platform/clock.ts';
import { JobQueue } from '../src/server/platform/jobs.ts';
import { createMailer } from '../src/server/platform/mailer.ts';
import { freshPgDatabase, parseArgs } from './lib.ts';

const args = parseArgs();
const kind = args.get('db') === 'postgres' ? 'postgres' : 'pglite';
const HIGHLIGHTS = Number(args.get('highlights') ?? 56_000);
const SAMPLES = Number(args.get('samples') ?? 5);
const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-bench-annotated-'));
let database: Database;
if (kind === 'postgres') {
  const url = await freshPgDatabase('folio_bench_annotated');
  if (!url) process.exit(1);
  database = await openPostgres(url, 4);
} else {
  database = await openPglite(path.join(dataDir, 'db'));
}
await database.migrate();
const config = loadConfig({
  DATA_DIR: dataDir,
  PUBLIC_URL: 'http://localhost',
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
});
const app = await buildApp({
  config,
  database,
  jobs: new JobQueue(database.db, systemClock),
  mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: dataDir }),
  logger: false,
});
await app.ready();
const origin = 'http://localhost';
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up',
  headers: { origin },
  payload: { name: 'reader', email: 'reader@bench.example.com', password: 'benchpass1' },
});
const cookie = String(signUp.headers['set-cookie']).split(';')[0]!;
for (let n = 0; n < 23; n++) {
  await app.inject({
    method: 'POST',
    url: '/item/save/bookmark',
    headers: { origin, cookie },
    payload: { url: `https://example.com/${n}`, title: `Page ${n}` },
  });
}
await database.db.execute(sql`
  WITH book AS (
    INSERT INTO items (user_id, type, title, description, private, updated_at)
    SELECT id, 'kindle', 'A long book', 'An Author', true, now() + interval '1 minute' FROM users
    RETURNING id, user_id)
  INSERT INTO annotations (user_id, item_id, shape, content, ann_md5, color, selector)
  SELECT book.user_id, book.id, 10, 'Highlighted passage number ' || g || ', about as long as a Kindle highlight usually is.',
    md5(g::text), 'yellow', jsonb_build_array(jsonb_build_object('type', 'KindleLocationSelector', 'start', g, 'end', g + 2))
  FROM book, generate_series(1, ${HIGHLIGHTS}) g`);
await database.db.execute(sql`UPDATE items SET annotation_count = ${HIGHLIGHTS} WHERE type = 'kindle'`);

const times: number[] = [];
let bytes = 0;
for (let i = 0; i < SAMPLES + 1; i++) {
  const t0 = performance.now();
  const res = await app.inject({
    method: 'GET',
    url: '/interact_api/load_user_items?count=24',
    headers: { cookie },
  });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
  if (i > 0) times.push(performance.now() - t0); // the first warms up
  bytes = res.rawPayload.length;
}
times.sort((a, b) => a - b);
console.log(
  `${kind}, one item of ${HIGHLIGHTS} highlights among 24 rows: ${(bytes / 1024 / 1024).toFixed(2)} MB, ` +
    `median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms over ${SAMPLES}`,
);
await app.close();
await database.close();
