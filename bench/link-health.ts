/**
 * Link health at scale: the re-check job over 100,000 bookmarks on 300 hosts (local peers, one per
 * loopback address), while the library's list call is measured. Three servers in turn on one
 * PostgreSQL database: without the job (LINK_CHECK_DAILY_CAP=0), with it, and without it again
 * (the spread of the two "without" runs is the machine's own noise). Then the peers' request log
 * is read: the least time between two requests to one host must hold the spacing.
 *
 *   npx tsx bench/link-health.ts [--items 100000] [--hosts 300] [--duration 20] [--connections 8]
 *                                [--spacing 10000] [--port 3684] [--peer-port 3685] [--reuse]
 *   --reuse keeps the database of an earlier run (its bookmarks and user) instead of seeding again.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import pg from 'pg';
import {
  freshPgDatabase,
  PG_ADMIN_URL,
  parseArgs,
  printRow,
  type Result,
  runScenario,
  type Server,
  signIn,
  signUp,
  sleep,
  startServer,
  TABLE_HEADER,
  tempDir,
} from './lib.ts';

const args = parseArgs();
const ITEMS = Number(args.get('items') ?? 100_000);
const HOSTS = Number(args.get('hosts') ?? 300);
const DURATION = Number(args.get('duration') ?? 20);
const CONNECTIONS = Number(args.get('connections') ?? 8);
const SPACING = Number(args.get('spacing') ?? 10_000);
const PORT = Number(args.get('port') ?? 3684);
const PEER_PORT = Number(args.get('peer-port') ?? 3685);
const USER = 'healthbench1';
const PASSWORD = 'benchpass1';

/** 127.0.1.1 ... : one loopback address per host, so each is its own host to the job. */
const hostAddress = (i: number) => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;

const PAGE = `<!doctype html><html><head><title>A page</title></head><body><article><h1>A page</h1>${'<p>Words of a page that stays the same from one check to the next, long enough to be read.</p>'.repeat(8)}</article></body></html>`;

/** The peers: every host answers the same page and logs when each request came. */
async function startPeers(): Promise<{ log: Map<string, number[]>; close: () => Promise<void> }> {
  const log = new Map<string, number[]>();
  const servers: HttpServer[] = [];
  for (let i = 0; i < HOSTS; i++) {
    const host = hostAddress(i);
    const server = createServer((_req, res) => {
      const times = log.get(host) ?? [];
      times.push(Date.now());
      log.set(host, times);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    });
    await new Promise<void>((resolve) => server.listen(PEER_PORT, host, resolve));
    servers.push(server);
  }
  return {
    log,
    close: async () => {
      for (const s of servers) {
        s.closeAllConnections();
        await new Promise<void>((resolve) => s.close(() => resolve()));
      }
    },
  };
}

const REUSE = args.has('reuse');
const url = REUSE
  ? PG_ADMIN_URL.replace(/\/[^/]*$/, '/folio_bench_health')
  : await freshPgDatabase('folio_bench_health');
if (!url) process.exit(1);
const peers = await startPeers();

function serve(cap: number): Promise<Server> {
  return startServer({
    port: PORT,
    dataDir: tempDir('folio-bench-health-'),
    databaseUrl: url!,
    env: {
      FETCH_ALLOW_PRIVATE: '1',
      JOBS_POLL_MS: '200',
      LINK_CHECK_DAILY_CAP: String(cap),
      LINK_CHECK_HOST_SPACING_MS: String(SPACING),
      RATE_LIMIT_FACTOR: '1000',
    },
  });
}

/** The bookmarks, saved 40 days ago (so every one is due), spread over the hosts, in SQL. */
async function seedBookmarks(userId: number) {
  const client = new pg.Client({ connectionString: url! });
  await client.connect();
  const started = performance.now();
  for (let a = 1; a <= ITEMS; a += 10_000) {
    const b = Math.min(ITEMS, a + 9_999);
    await client.query(
      `INSERT INTO items (user_id, type, title, url, host, private, created_at, updated_at, capture_status)
       SELECT $1, 'bookmark', 'Page ' || g, 'http://' || h.host || ':${PEER_PORT}/page/' || g, h.host, true,
              now() - interval '40 days', now() - interval '40 days', 'failed'
       FROM generate_series($2::int, $3::int) g
       JOIN LATERAL (SELECT '127.0.' || (1 + ((g % ${HOSTS}) / 250)) || '.' || (1 + ((g % ${HOSTS}) % 250)) AS host) h ON true`,
      [userId, a, b],
    );
  }
  await client.query('ANALYZE items');
  await client.end();
  console.log(
    `seeded ${ITEMS} bookmarks on ${HOSTS} hosts in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

async function measure(name: string, server: Server): Promise<Result> {
  const cookie = await signIn(server.base, USER, PASSWORD);
  const r = await runScenario({
    name,
    url: `${server.base}/interact_api/load_user_items?count=24`,
    headers: { cookie },
    connections: CONNECTIONS,
    duration: DURATION,
    warmup: 3,
  });
  printRow(r, 'PostgreSQL');
  return r;
}

const admin = new pg.Client({ connectionString: url });
await admin.connect();
/**
 * Each server queues the sweep at start; one without the job (cap 0) leaves it queued for the next
 * day, which a later server's queueing would keep (one queued at a time): the bench starts afresh.
 */
async function clearJob() {
  await admin.query("DELETE FROM jobs WHERE kind = 'link-health' AND status = 'queued'");
  await admin.query('DELETE FROM link_checks');
  await admin.query('DELETE FROM link_check_hosts');
}
if (REUSE) await clearJob();
let server = await serve(0);
if (!REUSE) {
  await signUp(server.base, USER, PASSWORD);
  const [{ id: userId }] = (await admin.query('SELECT id FROM users WHERE name = $1', [USER])).rows;
  await seedBookmarks(Number(userId));
}

console.log(TABLE_HEADER);
const without1 = await measure('list, without the job', server);
await server.stop();

await clearJob();
server = await serve(1_000_000);
// the job is under way once the peers see its requests
while ([...peers.log.values()].reduce((n, t) => n + t.length, 0) < HOSTS) await sleep(250);
const jobStarted = Date.now();
const withJob = await measure('list, with the job running', server);
await server.stop();
const jobSeconds = (Date.now() - jobStarted) / 1000;

const [{ n: seeded }] = (await admin.query('SELECT count(*)::int AS n FROM link_checks')).rows;
const [{ n: checked }] = (
  await admin.query('SELECT count(*)::int AS n FROM link_checks WHERE checked_at IS NOT NULL')
).rows;
await clearJob();
server = await serve(0);
const without2 = await measure('list, without the job (again)', server);
await server.stop();

// the spacing: the least gap between two requests to one host
let minGap = Number.POSITIVE_INFINITY;
let checks = 0;
for (const times of peers.log.values()) {
  checks += times.length;
  for (let i = 1; i < times.length; i++) minGap = Math.min(minGap, times[i]! - times[i - 1]!);
}
await admin.end();
await peers.close();

const base = (without1.rps + without2.rps) / 2;
console.log(`
requests to the peers: ${checks} on ${peers.log.size} hosts; checks recorded ${checked}; check rows ${seeded}
least gap between two requests to one host: ${minGap === Number.POSITIVE_INFINITY ? 'none (one request per host)' : `${minGap} ms`} (spacing ${SPACING} ms)
list req/s: without ${without1.rps.toFixed(1)} / ${without2.rps.toFixed(1)}, with the job ${withJob.rps.toFixed(1)} (${(((withJob.rps - base) / base) * 100).toFixed(1)} % against their mean); the job ran ${jobSeconds.toFixed(0)} s of it`);
