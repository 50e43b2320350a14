/**
 * Library listing and search under load, on a seeded database (bench/seed.ts), then
 * EXPLAIN (ANALYZE, BUFFERS) of the queries one request runs.
 *
 *   npx tsx bench/library.ts --db postgres --url postgres://postgres@127.0.0.1:5432/folio_bench
 *   npx tsx bench/library.ts --db pglite --dir /tmp/folio-bench-pglite
 *   options: --seed (seed first: PostgreSQL database recreated / PGlite dir must be new; the seed's
 *            size flags apply) --duration 10 --connections 16 --port 3902 --no-explain
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Database, openPglite, openPostgres } from '../src/server/db/client.ts';
import { items, tags } from '../src/server/db/schema.ts';
import { listQuery, matchingIdsQuery } from '../src/server/modules/items/repo.ts';
import { searchCondition } from '../src/server/modules/search/compile.ts';
import { parseSearch } from '../src/shared/search-query.ts';
import {
  drain,
  freshPgDatabase,
  mb,
  parseArgs,
  printRow,
  type Result,
  runScenario,
  signIn,
  startServer,
  TABLE_HEADER,
} from './lib.ts';
import { BENCH_PASSWORD, BENCH_USER, seed, seedOptionsFromArgs } from './seed.ts';
import { VOCABULARY } from './vocabulary.ts';

const args = parseArgs();
const kind = args.get('db') === 'postgres' ? 'postgres' : 'pglite';
const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
const duration = Number(args.get('duration') ?? 10);
const connections = Number(args.get('connections') ?? 16);
const PORT = Number(args.get('port') ?? 3902);
const PAGE = 24;
/** two mid-frequency words of the seed vocabulary (words are drawn with a power-law skew) */
const SEARCH_WORDS = [VOCABULARY[25]!, VOCABULARY[75]!];

let url = args.get('url');
const dir = args.get('dir') ?? path.resolve('/tmp/folio-bench-pglite');

if (args.has('seed')) {
  if (kind === 'postgres') {
    const name = url ? new URL(url).pathname.slice(1) : 'folio_bench';
    url = (await freshPgDatabase(name)) ?? undefined;
    if (!url) process.exit(1);
  }
  await seed({ ...seedOptionsFromArgs(args), db: kind, url, dir });
}
if (kind === 'postgres' && !url) throw new Error('--url is required with --db postgres');

function open(): Promise<Database> {
  return kind === 'postgres' ? openPostgres(url!, 2) : openPglite(path.join(dir, 'db'));
}

async function rows<T>(db: Database, query: string): Promise<T[]> {
  return ((await db.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

// ---- what to ask for: the user, a mid-popularity tag (rank 100 by item count)
const before = await open();
const [user] = await rows<{ id: number }>(before, `SELECT id FROM users WHERE name = '${BENCH_USER}'`);
if (!user) throw new Error(`${BENCH_USER} is missing: seed first (--seed or bench/seed.ts)`);
const userId = Number(user.id);
const [tag] = await rows<{ name: string; item_count: number }>(
  before,
  `SELECT name, item_count FROM tags WHERE user_id = ${userId} ORDER BY item_count DESC, id LIMIT 1 OFFSET 99`,
);
const [sizes] = await rows<Record<string, string>>(
  before,
  `SELECT (SELECT count(*) FROM items) AS items, (SELECT count(*) FROM items WHERE user_id = ${userId}) AS user_items,
          (SELECT count(*) FROM tags WHERE user_id = ${userId}) AS user_tags,
          (SELECT count(*) FROM item_tags) AS item_tags,
          pg_size_pretty(pg_database_size(current_database())) AS db_size`,
);
await before.close();
console.log(`${label}: ${JSON.stringify(sizes)}`);
console.log(`tag filter: #${tag!.name} (${tag!.item_count} items); search: "${SEARCH_WORDS.join(' ')}"\n`);

interface Case {
  name: string;
  query: Record<string, string>;
  what: string;
}
const cases: Case[] = [
  { name: 'list page 1', query: { page_num: '0' }, what: '' },
  { name: 'list page 200', query: { page_num: '199' }, what: '' },
  { name: `#tag filter`, query: { what: `#${tag!.name}` }, what: `#${tag!.name}` },
  { name: 'two-word search', query: { what: SEARCH_WORDS.join(' ') }, what: SEARCH_WORDS.join(' ') },
];

// ---- load
const server = await startServer({
  port: PORT,
  dataDir: dir,
  databaseUrl: kind === 'postgres' ? url : undefined,
});
const results: Result[] = [];
let serverRss = '';
try {
  const cookie = await signIn(server.base, BENCH_USER, BENCH_PASSWORD);
  for (const c of cases) {
    const target = `${server.base}/interact_api/load_user_items?${new URLSearchParams(c.query)}`;
    const res = await fetch(target, { headers: { cookie } });
    const body = (await res.json()) as { items?: unknown[]; total?: number };
    if (!res.ok || !Array.isArray(body.items))
      throw new Error(`${c.name}: ${res.status} ${JSON.stringify(body)}`);
    console.log(`${c.name}: ${body.items.length} items of total ${body.total}`);
  }
  // one request at a time: what a single person waits for, without queueing behind others
  console.log('\nOne request at a time, 200 samples after 20 warm-up\n');
  console.log('| call | db | p50 ms | p95 ms |\n|---|---|---:|---:|');
  for (const c of cases) {
    const target = `${server.base}/interact_api/load_user_items?${new URLSearchParams(c.query)}`;
    const times: number[] = [];
    for (let i = 0; i < 220; i++) {
      const t = performance.now();
      await fetch(target, { headers: { cookie } }).then((r) => r.arrayBuffer());
      if (i >= 20) times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.floor((times.length * p) / 100)]!.toFixed(2);
    console.log(`| ${c.name} | ${label} | ${at(50)} | ${at(95)} |`);
  }
  console.log(`\n${connections} connections, ${duration} s each\n\n${TABLE_HEADER}`);
  for (const c of cases) {
    await drain(server.base, cookie);
    const r = await runScenario({
      name: `GET load_user_items ${c.name}`,
      url: `${server.base}/interact_api/load_user_items?${new URLSearchParams(c.query)}`,
      headers: { cookie },
      connections,
      duration,
    });
    printRow(r, label);
    results.push(r);
  }
  const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
  serverRss = status.match(/VmHWM:\s+(\d+)/)?.[1] ?? '';
} catch (err) {
  console.error(server.output());
  throw err;
} finally {
  await server.stop();
}
if (serverRss) console.log(`\nserver peak RSS: ${mb(Number(serverRss) * 1024)}`);

const targets = results.map((r, i) => {
  const search = i === 3;
  const ok = search ? r.p50 < 30 : r.p50 < 10 && r.p99 < 50;
  return `${r.name}: ${ok ? 'met' : 'MISSED'} (target ${search ? 'p50 < 30 ms' : 'p50 < 10 ms, p99 < 50 ms'})`;
});
console.log(`\n${targets.join('\n')}`);

// ---- plans: the statements one load_user_items request runs, built as the service builds them
if (!args.has('no-explain')) {
  const dialect = new PgDialect();
  const inline = (q: { sql: string; params: unknown[] }) =>
    q.params.reduceRight<string>((text, p, i) => {
      // every value as an untyped literal, so it takes the column's type as a bound parameter does
      // (a bare 1 is an integer: bigint = integer is not in btree_gin's opclass and plans differ)
      const value = `'${String(p).replace(/'/g, "''")}'`;
      return text.replaceAll(new RegExp(`\\$${i + 1}(?!\\d)`, 'g'), value);
    }, q.sql);
  const db = await open();
  try {
    for (const c of cases) {
      const page = Number(c.query.page_num ?? 0);
      const conds: SQL[] = [eq(items.userId, userId)];
      const search = searchCondition(parseSearch(c.what), userId, sql`${items.searchVector}`);
      if (search) conds.push(search);
      const where = and(...conds)!;
      const list = listQuery(db.db, where, 'updated', PAGE, page * PAGE).toSQL();
      const count = db.db.select({ n: sql<number>`count(*)::int` }).from(items).where(where).toSQL();
      const unread = db.db
        .select({ n: sql<number>`count(*)::int` })
        .from(items)
        .where(and(eq(items.userId, userId), sql`${items.unread}`))
        .toSQL();
      const relTags = search
        ? dialect.sqlToQuery(sql`SELECT t.name, count(*)::int AS count
            FROM item_tags it JOIN tags t ON t.id = it.tag_id
            WHERE it.item_id IN (${matchingIdsQuery(where, 2000)})
            GROUP BY t.id, t.name ORDER BY count DESC, lower(t.name) LIMIT ${100}`)
        : db.db
            .select({ name: tags.name, count: tags.itemCount })
            .from(tags)
            .where(and(eq(tags.userId, userId), sql`${tags.itemCount} > 0`))
            .orderBy(sql`${tags.itemCount} DESC NULLS LAST`, tags.id)
            .limit(100)
            .toSQL();
      const statements: [string, string][] = [
        ['list', inline(list)],
        ['count', inline(count)],
        ['unread count', inline(unread)],
        ['related tags', inline(relTags)],
      ];
      const ids = await rows<{ id: number }>(db, `SELECT id FROM (${inline(list)}) page`);
      if (ids.length)
        statements.push([
          't_name of the page',
          `SELECT it.item_id, string_agg(t.name, ',' ORDER BY it.position, t.id) AS t_name
           FROM item_tags it JOIN tags t ON t.id = it.tag_id
           WHERE it.item_id IN (${ids.map((r) => r.id).join(', ')}) GROUP BY it.item_id`,
        ]);
      for (const [name, text] of statements) {
        const plan = await rows<{ 'QUERY PLAN': string }>(db, `EXPLAIN (ANALYZE, BUFFERS) ${text}`);
        console.log(`\n### ${label} — ${c.name} — ${name}\n\n${text}\n`);
        console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
      }
    }
  } finally {
    await db.close();
  }
}
