/**
 * Where one library request's time goes, in this process (app.inject) on a seeded database: each
 * statement's time inside the driver, their sum, and the whole request. One request at a time.
 *
 *   npx tsx bench/list-profile.ts --db pglite --dir /tmp/folio-bench-pglite [--n 200] [--what '#tag']
 *   npx tsx bench/list-profile.ts --db postgres --url postgres://postgres@127.0.0.1:5432/folio_bench
 *   options: --query 'what=%23tag' (the call's query string), --cpu-profile FILE (a V8 profile of the
 *            measured requests), --capture FILE (write one request's statements and parameters as
 *            JSON and stop: what bench/bare-server.ts replays)
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { type Database, openPglite, openPostgres } from '../src/server/db/client.ts';
import { appOn } from './in-process.ts';
import { parseArgs } from './lib.ts';
import { BENCH_PASSWORD, BENCH_USER } from './seed.ts';

const args = parseArgs();
const kind = args.get('db') === 'postgres' ? 'postgres' : 'pglite';
const dir = args.get('dir') ?? '/tmp/folio-bench-pglite';
const n = Number(args.get('n') ?? 200);
const query = args.get('query') ?? 'page_num=0';

const database: Database =
  kind === 'postgres' ? await openPostgres(args.get('url')!, 4) : await openPglite(path.join(dir, 'db'));
await database.migrate();

// every statement's text and time, as the driver sees it
const timings = new Map<string, { n: number; ms: number }>();
const captured: { text: string; params: unknown[] }[] = [];
let inDriver = 0;
const session = (database.db as unknown as { session: { client: object } }).session;
const client = session.client as { query: (...a: unknown[]) => Promise<unknown> };
const timed = async (...a: unknown[]) => {
  // PGlite is called (text, params, options), node-postgres ({ text, ... }, params)
  const call = { text: typeof a[0] === 'string' ? a[0] : (a[0] as { text: string }).text, values: a[1] };
  captured.push({ text: call.text, params: (call.values as unknown[] | undefined) ?? [] });
  const t = performance.now();
  try {
    return await client.query(...a);
  } finally {
    const ms = performance.now() - t;
    inDriver += ms;
    const text = call.text.replace(/\s+/g, ' ').slice(0, 110);
    const s = timings.get(text) ?? { n: 0, ms: 0 };
    s.n += 1;
    s.ms += ms;
    timings.set(text, s);
  }
};
session.client = new Proxy(client, {
  get: (target, key) => (key === 'query' ? timed : Reflect.get(target, key)),
});

const { app } = await appOn(database, dir);
const signIn = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-in',
  headers: { origin: 'http://localhost' },
  payload: { name_or_email: BENCH_USER, password: BENCH_PASSWORD },
});
if (signIn.statusCode !== 200) throw new Error(signIn.body);
const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
const url = `/interact_api/load_user_items?${query}`;
for (let i = 0; i < 20; i++) await app.inject({ url, headers: { cookie } });
const captureTo = args.get('capture');
if (captureTo) {
  captured.length = 0;
  const res = await app.inject({ url, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(res.body);
  writeFileSync(captureTo, JSON.stringify(captured));
  await app.close();
  await database.close();
  process.exit(0);
}
timings.clear();
inDriver = 0;
// --cpu-profile FILE: a V8 CPU profile of the measured requests only (after the warm-up)
const profileTo = args.get('cpu-profile');
const inspector = profileTo ? new Session() : null;
if (inspector) {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.start');
}
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < n; i++) {
  const res = await app.inject({ url, headers: { cookie } });
  if (res.statusCode !== 200) throw new Error(res.body);
}
const wall = (performance.now() - t0) / n;
if (inspector) {
  const { profile } = (await inspector.post('Profiler.stop')) as { profile: object };
  writeFileSync(profileTo!, JSON.stringify(profile));
}
const cpu = process.cpuUsage(cpu0);
console.log(
  `${kind} ${url}: ${wall.toFixed(2)} ms a request, ${(inDriver / n).toFixed(2)} ms in the driver,` +
    ` CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(2)} ms, ${[...timings.values()].reduce((s, t) => s + t.n, 0) / n} statements`,
);
for (const [text, t] of [...timings].sort((a, b) => b[1].ms - a[1].ms))
  console.log(`${(t.ms / n).toFixed(3).padStart(8)} ms ${String(t.n / n).padStart(4)}x  ${text}`);
await app.close();
await database.close();
