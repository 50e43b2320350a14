/**
 * Saving pages: capture throughput and full-text search, on PostgreSQL.
 *
 *   npx tsx bench/capture.ts
 *   options: --url postgres://postgres@127.0.0.1:5432/folio_bench_capture (recreated)
 *            --pages 200 --fulltext-items 100000 --queries 100 --port 3903
 *
 * 1. Capture: a local site (node:http on 127.0.0.1) serves --pages distinct synthetic articles of
 *    ~1,000 words. One user saves each through POST /item/save/bookmark (app.inject, the real app);
 *    then the real JobQueue runs the queued capture jobs (fetcher -> Readability -> sanitise ->
 *    store -> page vector), with the poller's batch size. Pages per second = pages / wall time.
 * 2. Full text: bench/seed.ts gives benchuser1 --fulltext-items items; each gets ~250 words of
 *    synthetic page text as its page vector (in SQL), as captured pages would; benchuser1 becomes
 *    premium. A server in a child process then answers search_user_items?snapshot=yes --queries
 *    times per word (a rare, a mid-frequency and a common word), one request at a time.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { type Database, openPostgres } from '../src/server/db/client.ts';
import { AccountsService } from '../src/server/modules/accounts/service.ts';
import { SignInThrottle } from '../src/server/platform/auth/throttle.ts';
import { systemClock } from '../src/server/platform/clock.ts';
import { JobQueue } from '../src/server/platform/jobs.ts';
import { createMailer } from '../src/server/platform/mailer.ts';
import { freshPgDatabase, PG_ADMIN_URL, parseArgs, signIn, startServer } from './lib.ts';
import { BENCH_PASSWORD, BENCH_USER, seed } from './seed.ts';
import { VOCABULARY } from './vocabulary.ts';

const args = parseArgs();
const PAGES = Number(args.get('pages') ?? 200);
const FT_ITEMS = Number(args.get('fulltext-items') ?? 100_000);
const QUERIES = Number(args.get('queries') ?? 100);
const PORT = Number(args.get('port') ?? 3903);
const dbName = args.get('url') ? new URL(args.get('url')!).pathname.slice(1) : 'folio_bench_capture';
/** a word no vocabulary page uses; planted in one page in 10,000 */
const RARE_WORD = 'zymurgical';

// --reuse skips the corpus (a previous run's database, for trying the later steps again)
const reuse = args.has('reuse');
const url = reuse
  ? Object.assign(new URL(PG_ADMIN_URL), { pathname: `/${dbName}` }).toString()
  : await freshPgDatabase(dbName);
if (!url) process.exit(1);

// ---- the site: deterministic articles, different per page
function article(n: number): string {
  const words = (count: number, seed: number) =>
    Array.from({ length: count }, (_, i) => VOCABULARY[(seed * 7919 + i * 104_729) % VOCABULARY.length]).join(
      ' ',
    );
  const paragraphs = Array.from({ length: 12 }, (_, p) => `<p>${words(85, n * 13 + p)}.</p>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>Bench article ${n}: ${words(5, n)}</title>
<meta name="description" content="${words(20, n + 1)}">
<script>window.tracker = 1;</script></head>
<body><nav><a href="/">Home</a></nav><main><article><h1>Bench article ${n}</h1>
${paragraphs}
</article></main><footer>footer text</footer></body></html>`;
}
const site = createServer((req, res) => {
  const n = Number(/^\/page\/(\d+)$/.exec(req.url ?? '')?.[1] ?? Number.NaN);
  if (!Number.isInteger(n)) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(article(n));
});
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const siteBase = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;

// ---- the full-text corpus first (seed needs an empty database)
if (!reuse) {
  console.log(`seeding ${FT_ITEMS} items for ${BENCH_USER}...`);
  await seed({
    db: 'postgres',
    url,
    items: FT_ITEMS,
    userItems: FT_ITEMS,
    tags: 1000,
    otherUsers: 0,
    otherTags: 0,
    batch: 50_000,
  });
}
const database: Database = await openPostgres(url, 10);
const exec = async <T>(text: string) =>
  ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
const words = `ARRAY[${VOCABULARY.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]::text[]`;
const t0 = performance.now();
const BATCH = 10_000;
for (let from = 1; !reuse && from <= FT_ITEMS; from += BATCH) {
  // random()^2 skews towards the first words, as natural text is skewed; the series bound mentions
  // the row so the text is drawn per row
  await exec(`UPDATE items SET capture_status = 'done', captured_at = now(),
    page_vector = to_tsvector('simple', (
      SELECT string_agg(w[1 + floor(random() ^ 2 * array_length(w, 1))::int], ' ')
      FROM (SELECT ${words} AS w) v, generate_series(1, 250 + 0 * items.id)
    ) || CASE WHEN items.id % 10000 = 7 THEN ' ${RARE_WORD}' ELSE '' END)
    WHERE user_id = 1 AND id >= ${from} AND id < ${from + BATCH}`);
}
if (!reuse) await exec('VACUUM ANALYZE items');
const vectorSeconds = (performance.now() - t0) / 1000;
const accounts = new AccountsService({
  db: database.db,
  clock: systemClock,
  throttle: new SignInThrottle(database.db, systemClock),
});
await accounts.setPlan(BENCH_USER, 'professional', 'year');
console.log(`page vectors for ${FT_ITEMS} items in ${vectorSeconds.toFixed(1)} s`);

// ---- capture throughput through the real app and job queue
const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-bench-capture-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  DATABASE_URL: url,
  FETCH_ALLOW_PRIVATE: '1',
  PUBLIC_URL: 'http://localhost',
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
});
const jobs = new JobQueue(database.db, systemClock);
const app = await buildApp({
  config,
  database,
  jobs,
  mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: dataDir }),
  logger: false,
});
await app.ready();
const origin = 'http://localhost';
const capturer = `capturer${Date.now().toString(36).slice(-6)}`;
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up',
  headers: { origin },
  payload: { name: capturer, email: `${capturer}@bench.example.com`, password: 'benchpass1' },
});
if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
const cookie = String(signUp.headers['set-cookie']).split(';')[0]!;
await accounts.setPlan(capturer, 'professional', 'year');

const tSave = performance.now();
for (let n = 0; n < PAGES; n++) {
  const res = await app.inject({
    method: 'POST',
    url: '/item/save/bookmark',
    headers: { origin, cookie },
    payload: { url: `${siteBase}/page/${n}`, title: '' },
  });
  if (res.statusCode !== 200) throw new Error(`save failed: ${res.statusCode} ${res.body}`);
}
const saveSeconds = (performance.now() - tSave) / 1000;

const tCapture = performance.now();
const summary = await jobs.runDueJobs();
const captureSeconds = (performance.now() - tCapture) / 1000;
const [captured] = await exec<{ done: number; bytes: number }>(
  `SELECT count(*)::int AS done, coalesce(sum(length(p.html)), 0)::int AS bytes
   FROM items i JOIN item_pages p ON p.item_id = i.id
   WHERE i.user_id = (SELECT id FROM users WHERE name = '${capturer}') AND i.capture_status = 'done'`,
);
if (captured!.done !== PAGES)
  throw new Error(`only ${captured!.done} of ${PAGES} pages captured: ${JSON.stringify(summary)}`);
await app.close();
await database.close();
site.close();

// ---- full-text search over HTTP, one request at a time
const server = await startServer({ port: PORT, dataDir, databaseUrl: url });
const benchCookie = await signIn(server.base, BENCH_USER, BENCH_PASSWORD);
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
async function timeSearch(word: string, snapshot: boolean) {
  const q = `/interact_api/search_user_items?what=${encodeURIComponent(word)}${snapshot ? '&snapshot=yes' : ''}`;
  let total = 0;
  const times: number[] = [];
  for (let i = 0; i < QUERIES + 5; i++) {
    const t = performance.now();
    const res = await fetch(`${server.base}${q}`, { headers: { cookie: benchCookie } });
    const body = (await res.json()) as { total: number };
    if (!res.ok) throw new Error(`search failed: ${res.status} ${JSON.stringify(body)}`);
    if (i >= 5) times.push(performance.now() - t); // the first five warm caches and the JIT
    total = body.total;
  }
  times.sort((a, b) => a - b);
  return { word, snapshot, total, p50: percentile(times, 50), p95: percentile(times, 95) };
}
const results = [];
try {
  for (const word of [RARE_WORD, VOCABULARY[400]!, VOCABULARY[3]!])
    results.push(await timeSearch(word, true));
  results.push(await timeSearch(VOCABULARY[400]!, false));
} finally {
  await server.stop();
}

console.log(`\nCapture: ${PAGES} pages (~${Math.round(captured!.bytes / PAGES / 1024)} KB reader HTML each)`);
console.log(`| step | pages | seconds | pages/s |\n|---|---:|---:|---:|`);
console.log(
  `| save (POST /item/save/bookmark) | ${PAGES} | ${saveSeconds.toFixed(2)} | ${(PAGES / saveSeconds).toFixed(1)} |`,
);
console.log(
  `| capture (job queue, batch of 4) | ${PAGES} | ${captureSeconds.toFixed(2)} | ${(PAGES / captureSeconds).toFixed(1)} |`,
);
console.log(
  `\nFull-text search over ${FT_ITEMS} captured pages of one premium user (${QUERIES} requests each)`,
);
console.log('| search | matches | p50 ms | p95 ms |\n|---|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.word}${r.snapshot ? ' (snapshot=yes)' : ' (no full text)'} | ${r.total} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} |`,
  );
}
console.log(`\nload average at the end: ${loadavg()[0]!.toFixed(1)}`);
