/**
 * Tag suggestions and load_user_tags for a user with 10,000 tags over 100,000 items (issue 4),
 * on a seeded database (bench/seed.ts): one request at a time (the latency a person typing sees),
 * then under load.
 *
 *   npx tsx bench/tags.ts --db postgres --url postgres://postgres@127.0.0.1:5432/folio_bench
 *   npx tsx bench/tags.ts --db pglite --dir /tmp/folio-bench-pglite
 *   options: --seed (seed first, the seed's size flags apply) --samples 300 --duration 8
 *            --connections 16 --port 3903
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '../src/server/db/client.ts';
import {
  drain,
  freshPgDatabase,
  parseArgs,
  printRow,
  runScenario,
  signIn,
  startServer,
  TABLE_HEADER,
} from './lib.ts';
import { BENCH_PASSWORD, BENCH_USER, seed, seedOptionsFromArgs } from './seed.ts';

const args = parseArgs();
const kind = args.get('db') === 'postgres' ? 'postgres' : 'pglite';
const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
const samples = Number(args.get('samples') ?? 300);
const duration = Number(args.get('duration') ?? 8);
const connections = Number(args.get('connections') ?? 16);
const PORT = Number(args.get('port') ?? 3903);

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

// ---- what to ask for: prefixes and names taken from the user's own tags
const db: Database =
  kind === 'postgres' ? await openPostgres(url!, 2) : await openPglite(path.join(dir, 'db'));
const result = (await db.db.execute(
  sql.raw(`SELECT t.name, (SELECT count(*) FROM tags x WHERE x.user_id = t.user_id)::int AS total
           FROM tags t JOIN users u ON u.id = t.user_id
           WHERE u.name = '${BENCH_USER}' ORDER BY t.item_count DESC, t.id`),
)) as unknown as { rows: { name: string; total: number }[] };
await db.close();
const names = result.rows.map((r) => r.name);
if (names.length === 0) throw new Error(`${BENCH_USER} has no tags: seed first (--seed or bench/seed.ts)`);
console.log(`${label}: ${BENCH_USER} has ${result.rows[0]!.total} tags`);
const pick = (i: number) => names[Math.min(i, names.length - 1)]!;

interface Case {
  name: string;
  path: string;
}
const suggest = (q: string) => `/api/tags/suggest?${new URLSearchParams({ q })}`;
const tagList = (q: Record<string, string>) => `/interact_api/load_user_tags?${new URLSearchParams(q)}`;
const cases: Case[] = [
  { name: 'suggest, 1 character', path: suggest(pick(500).slice(0, 1)) },
  { name: 'suggest, 2 characters', path: suggest(pick(500).slice(0, 2)) },
  { name: 'suggest, 4-character prefix', path: suggest(pick(2000).slice(0, 4)) },
  { name: 'suggest, a whole rare name', path: suggest(pick(9000)) },
  { name: 'suggest, #-prefixed infix', path: suggest(`#${pick(100).slice(1, 4)}`) },
  { name: 'load_user_tags top 20', path: tagList({ sort: 'top', count: '20' }) },
  { name: 'load_user_tags recent 9', path: tagList({ sort: 'recent', count: '9' }) },
  { name: 'load_user_tags cloud top 300', path: tagList({ sort: 'top', count: '300' }) },
  { name: 'tags page (name, 56, page 3)', path: tagList({ sort: 'name', count: '56', page_num: '2' }) },
  { name: 'tags page nav=m', path: tagList({ sort: 'name', count: '56', nav: 'm' }) },
  { name: 'tags page search', path: tagList({ sort: 'name', count: '56', search: pick(700).slice(0, 3) }) },
  { name: 'tag tab unread, top 20', path: tagList({ type: 'unread', count: '20' }) },
  { name: 'tag tab bookmark, top 20', path: tagList({ type: 'bookmark', count: '20' }) },
  { name: 'tag tab ann, top 20', path: tagList({ type: 'ann', count: '20' }) },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
}

const server = await startServer({
  port: PORT,
  dataDir: dir,
  databaseUrl: kind === 'postgres' ? url : undefined,
});
try {
  const cookie = await signIn(server.base, BENCH_USER, BENCH_PASSWORD);
  console.log(`\nOne request at a time, ${samples} samples each\n`);
  console.log('| call | db | results | p50 ms | p95 ms | max ms |\n|---|---|---:|---:|---:|---:|');
  for (const c of cases) {
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < samples + 20; i++) {
      const t = performance.now();
      const res = await fetch(server.base + c.path, { headers: { cookie } });
      const body = (await res.json()) as { tags?: unknown[] };
      const ms = performance.now() - t;
      if (!res.ok || !Array.isArray(body.tags))
        throw new Error(`${c.name}: ${res.status} ${JSON.stringify(body)}`);
      count = body.tags.length;
      if (i >= 20) times.push(ms); // the first 20 warm the JIT and caches
    }
    times.sort((a, b) => a - b);
    const f = (n: number) => n.toFixed(2);
    console.log(
      `| ${c.name} | ${label} | ${count} | ${f(percentile(times, 50))} | ${f(percentile(times, 95))} | ${f(times.at(-1)!)} |`,
    );
  }
  if (!args.has('no-load')) {
    console.log(`\n${connections} connections, ${duration} s each\n\n${TABLE_HEADER}`);
    for (const c of [cases[1]!, cases[5]!, cases[8]!]) {
      await drain(server.base, cookie);
      const r = await runScenario({
        name: `GET ${c.name}`,
        url: server.base + c.path,
        headers: { cookie },
        connections,
        duration,
      });
      printRow(r, label);
    }
  }
} catch (err) {
  console.error(server.output());
  throw err;
} finally {
  await server.stop();
}
