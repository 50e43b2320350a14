/**
 * Folio against a bare server running the same SQL (bench/bare-server.ts), side by side in one run,
 * on a seeded database (bench/seed.ts): the library list, the tag filter and the Annotated filter.
 * This machine is noisy, so the servers take turns, round after round, and the ratio is taken
 * within each round.
 *
 *   npx tsx bench/side-by-side.ts --db pglite --dir /tmp/folio-bench-pglite
 *   npx tsx bench/side-by-side.ts --db postgres --url postgres://postgres@127.0.0.1:5432/folio_bench
 *   options: --before DIR (an earlier checkout of Folio, with its node_modules, run in each round too)
 *            --rounds 2 --duration 8 --connections 16
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '../src/server/db/client.ts';
import {
  drain,
  parseArgs,
  type Result,
  ROOT,
  runScenario,
  type Server,
  signIn,
  sleep,
  startServer,
} from './lib.ts';
import { BENCH_PASSWORD, BENCH_USER } from './seed.ts';

const args = parseArgs();
const kind = args.get('db') === 'postgres' ? 'postgres' : 'pglite';
const dir = args.get('dir') ?? '/tmp/folio-bench-pglite';
const url = args.get('url');
if (kind === 'postgres' && !url) throw new Error('--url is required with --db postgres');
const rounds = Number(args.get('rounds') ?? 2);
const duration = Number(args.get('duration') ?? 8);
const connections = Number(args.get('connections') ?? 16);
const before = args.get('before');
const PORT = 3930;

// the tag of rank 100 by item count, as bench/library.ts filters by
const database = kind === 'postgres' ? await openPostgres(url!, 1) : await openPglite(path.join(dir, 'db'));
const found = (await database.db.execute(
  sql.raw(`SELECT t.name FROM tags t JOIN users u ON u.id = t.user_id WHERE u.name = '${BENCH_USER}'
           ORDER BY t.item_count DESC, t.id LIMIT 1 OFFSET 99`),
)) as unknown as { rows: { name: string }[] };
await database.close();
const tag = found.rows[0]?.name;
if (!tag) throw new Error(`${BENCH_USER} has no tags: seed first (bench/seed.ts)`);

const scenarios = [
  { name: 'list', query: 'page_num=0' },
  { name: 'tag', query: `what=${encodeURIComponent(`#${tag}`)}` },
  { name: 'annotated', query: 'ann=yes' },
];

/** Runs a child to its end; its output on failure. */
function runChild(argv: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...argv], { cwd: ROOT, stdio: 'pipe' });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(out))));
  });
}

// each scenario's statements, as Folio runs them now
const captures = mkdtempSync(path.join(tmpdir(), 'folio-side-'));
const dbArgs = kind === 'postgres' ? ['--db', 'postgres', '--url', url!] : ['--db', 'pglite', '--dir', dir];
for (const s of scenarios)
  await runChild([
    'bench/list-profile.ts',
    ...dbArgs,
    '--query',
    s.query,
    '--capture',
    `${captures}/${s.name}.json`,
  ]);

async function startBare(driver: 'own' | 'folio'): Promise<Server> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'bench/bare-server.ts',
      ...dbArgs,
      '--driver',
      driver,
      '--port',
      String(PORT),
      ...scenarios.flatMap((s) => ['--scenario', `${s.name}=${captures}/${s.name}.json`]),
    ],
    { cwd: ROOT, stdio: 'inherit' },
  );
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(base).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 600) throw new Error('the bare server did not start');
    await sleep(100);
  }
  return {
    base,
    port: PORT,
    child,
    output: () => '',
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

// on PGlite also the bare server through Folio's driver (db/pglite-driver.ts): the database's own floor
type Contender = 'Folio' | 'Folio before' | 'bare' | 'bare+driver';
const contenders: Contender[] = [
  ...(before ? (['Folio before'] as const) : []),
  'Folio',
  'bare',
  ...(kind === 'pglite' ? (['bare+driver'] as const) : []),
];
const results = new Map<string, Result[]>();

for (let round = 1; round <= rounds; round++) {
  for (const who of contenders) {
    const bare = who === 'bare' || who === 'bare+driver';
    const server = bare
      ? await startBare(who === 'bare' ? 'own' : 'folio')
      : await startServer({
          port: PORT,
          dataDir: dir,
          databaseUrl: url,
          root: who === 'Folio before' ? before : undefined,
        });
    try {
      const cookie = bare ? '' : await signIn(server.base, BENCH_USER, BENCH_PASSWORD);
      for (const s of scenarios) {
        if (cookie) await drain(server.base, cookie);
        else await sleep(1000);
        const target = bare
          ? `${server.base}/${s.name}`
          : `${server.base}/interact_api/load_user_items?${s.query}`;
        const r = await runScenario({
          name: `${who} ${s.name}`,
          url: target,
          headers: cookie ? { cookie } : undefined,
          connections,
          duration,
        });
        if (r.errors || r.non2xx) throw new Error(`${r.name}: ${r.errors} errors, ${r.non2xx} non-2xx`);
        console.log(
          `round ${round} ${who.padEnd(12)} ${s.name.padEnd(9)} ${r.rps.toFixed(1).padStart(7)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  load ${r.load.toFixed(1)}`,
        );
        results.set(`${who} ${s.name}`, [...(results.get(`${who} ${s.name}`) ?? []), r]);
      }
    } finally {
      await server.stop();
    }
  }
}

const label = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
const mean = (rs: Result[]) => rs.reduce((n, r) => n + r.rps, 0) / rs.length;
/** the ratio within each round, averaged: rounds differ more than the contenders within one */
const ratio = (a: string, b: string) => {
  const x = results.get(a)!;
  const y = results.get(b)!;
  return x.reduce((n, r, i) => n + r.rps / y[i]!.rps, 0) / x.length;
};
console.log(`\n${label}, ${connections} connections, ${duration} s each, ${rounds} round(s); #${tag}\n`);
const head = contenders.map((c) => `${c} req/s`).join(' | ');
const ratios = [
  'Folio / bare',
  ...(kind === 'pglite' ? ['Folio / bare+driver'] : []),
  ...(before ? ['Folio / before'] : []),
];
console.log(`| call | ${head} | ${ratios.join(' | ')} |`);
console.log(`|---|${contenders.map(() => '---:').join('|')}|${ratios.map(() => '---:').join('|')}|`);
for (const s of scenarios) {
  const cells = contenders.map((c) => mean(results.get(`${c} ${s.name}`)!).toFixed(1));
  const r = [ratio(`Folio ${s.name}`, `bare ${s.name}`).toFixed(2)];
  if (kind === 'pglite') r.push(ratio(`Folio ${s.name}`, `bare+driver ${s.name}`).toFixed(2));
  if (before) r.push(ratio(`Folio ${s.name}`, `Folio before ${s.name}`).toFixed(2));
  console.log(`| ${s.name} | ${cells.join(' | ')} | ${r.join(' | ')} |`);
}
