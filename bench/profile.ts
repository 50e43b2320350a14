/**
 * The public library of a user with ~100,000 public items (issue 17): list, search and tag-sidebar
 * medians of the profile calls, against the owner's own library list and tags. In process
 * (app.inject), one request at a time, on a seeded database (bench/seed.ts) whose bench user's
 * items are then all made public (notes stay private, as notes always are).
 *
 *   npx tsx bench/profile.ts --db postgres --url postgres://postgres@127.0.0.1:5432/folio_bench_profile --seed \
 *     --items 200000 --user-items 105000 --other-users 100
 *   options: --samples 9
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { type Database, openPglite, openPostgres } from '../src/server/db/client.ts';
import { createMailer } from '../src/server/platform/mailer.ts';
import { freshPgDatabase, parseArgs } from './lib.ts';
import { BENCH_PASSWORD, BENCH_USER, seed, seedOptionsFromArgs } from './seed.ts';
import { VOCABULARY } from './vocabulary.ts';

const args = parseArgs();
const kind = args.get('db') === 'postgres' ? 'postgres' : 'pglite';
const SAMPLES = Number(args.get('samples') ?? 9);
let url = args.get('url');
const dir = args.get('dir') ?? path.resolve('/tmp/folio-bench-profile');

if (args.has('seed')) {
  if (kind === 'postgres') {
    url = (await freshPgDatabase(url ? new URL(url).pathname.slice(1) : 'folio_bench_profile')) ?? undefined;
    if (!url) process.exit(1);
  }
  await seed({ ...seedOptionsFromArgs(args), db: kind, url, dir });
}
const database: Database =
  kind === 'postgres' ? await openPostgres(url!, 4) : await openPglite(path.join(dir, 'db'));
await database.migrate();
const count = async (q: ReturnType<typeof sql>) =>
  Number(((await database.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
const t0 = performance.now();
await database.db.execute(sql`
  UPDATE items SET private = false
  WHERE user_id = (SELECT id FROM users WHERE name = ${BENCH_USER}) AND private AND type <> 'note'`);
console.log(`made public in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
await database.db.execute(sql`ANALYZE`);
const publicItems = await count(
  sql`SELECT count(*)::int AS n FROM items WHERE user_id = (SELECT id FROM users WHERE name = ${BENCH_USER}) AND NOT private`,
);
const allItems = await count(
  sql`SELECT count(*)::int AS n FROM items WHERE user_id = (SELECT id FROM users WHERE name = ${BENCH_USER})`,
);

const dataDir = mkdtempSync(path.join(tmpdir(), 'folio-bench-profile-app-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  PUBLIC_URL: 'http://localhost',
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  RATE_LIMIT_FACTOR: '1000',
});
const app = await buildApp({
  config,
  database,
  mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: dataDir }),
  logger: false,
});
await app.ready();
const origin = 'http://localhost';
const signIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in',
  headers: { origin },
  payload: { name_or_email: BENCH_USER, password: BENCH_PASSWORD },
});
if (signIn.statusCode !== 200) throw new Error(`sign-in ${signIn.statusCode} ${signIn.body}`);
const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;

async function median(path: string, who: 'owner' | 'visitor'): Promise<string> {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < SAMPLES + 1; i++) {
    const start = performance.now();
    const res = await app.inject({ method: 'GET', url: path, headers: who === 'owner' ? { cookie } : {} });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    if (i > 0) times.push(performance.now() - start);
    total = res.json().total ?? 0;
  }
  times.sort((a, b) => a - b);
  return `| ${who} | \`${path.replace(`username=${BENCH_USER}`, 'username=…')}\` | ${total} | ${times[Math.floor(times.length / 2)]!.toFixed(1)} |`;
}

const u = `username=${BENCH_USER}`;
const word = VOCABULARY[25]!;
const rows = [
  await median('/interact_api/load_user_items?count=24', 'owner'),
  await median(`/interact_api/load_user_profile_items?${u}&count=24`, 'visitor'),
  await median(`/interact_api/load_user_profile_items?${u}&count=24`, 'owner'),
  await median(`/interact_api/load_user_profile_items?${u}&count=24&sort=title&page_num=200`, 'visitor'),
  await median(`/interact_api/search_user_items?count=24&what=${word}`, 'owner'),
  await median(`/interact_api/search_user_profile_items?${u}&count=24&what=${word}`, 'visitor'),
  await median('/interact_api/load_user_tags?count=21&sort=top', 'owner'),
  await median(`/interact_api/load_user_profile_tags?${u}&count=21&sort=top`, 'visitor'),
  await median(`/interact_api/load_user_profile_tags?${u}&count=21&sort=recent`, 'visitor'),
];
console.log(`\n${kind}: ${BENCH_USER} has ${allItems} items, ${publicItems} public; medians of ${SAMPLES}\n`);
console.log('| who | call | total | median ms |\n|---|---|---|---|');
for (const r of rows) console.log(r);
await app.close();
await database.close();
