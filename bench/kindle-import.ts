/**
 * A large Kindle import through the real app (in-process), with another client's health calls
 * every 20 ms: import time, the slowest health answer and the event loop's stalls.
 *
 *   npx tsx bench/kindle-import.ts --db postgres --books 5000 [--per-book 1] [--stalls]
 *   node --cpu-prof --import tsx bench/kindle-import.ts --db pglite --books 5000
 */
import { PgPreparedQuery } from 'drizzle-orm/pg-core';
import { kindleClippings } from '../test/generators/kindle-clippings.ts';
import { multipartBody } from '../test/helpers/multipart.ts';
import { inProcessApp } from './in-process.ts';
import { parseArgs } from './lib.ts';
import { describeLoop, watchLoop } from './loop-stalls.ts';

const args = parseArgs();
const kind = args.get('db') === 'postgres' ? 'postgres' : 'pglite';
const BOOKS = Number(args.get('books') ?? 5_000);
const PER_BOOK = Number(args.get('per-book') ?? 1);
const trace = new Map<string, { n: number; ms: number; max: number }>();
if (args.has('trace')) {
  // every statement drizzle sends, timed and grouped by its first words
  const proto = PgPreparedQuery.prototype as unknown as {
    queryWithCache(q: string, p: unknown[], run: () => Promise<unknown>): Promise<unknown>;
  };
  const original = proto.queryWithCache;
  proto.queryWithCache = async function (q, p, run) {
    const t0 = performance.now();
    try {
      return await original.call(this, q, p, run);
    } finally {
      const key = q
        .replace(/\$\d+(, \$\d+)*/g, '$n')
        .replace(/\s+/g, ' ')
        .slice(0, 90);
      const e = trace.get(key) ?? { n: 0, ms: 0, max: 0 };
      const ms = performance.now() - t0;
      trace.set(key, { n: e.n + 1, ms: e.ms + ms, max: Math.max(e.max, ms) });
    }
  };
}
const { app, database } = await inProcessApp(kind, 'folio_bench_kindle', 10);
const origin = 'http://localhost';
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up',
  headers: { origin },
  payload: { name: 'reader', email: 'reader@bench.example.com', password: 'benchpass1' },
});
const cookie = String(signUp.headers['set-cookie']).split(';')[0]!;
const text = kindleClippings(BOOKS, PER_BOOK);
const { payload, headers } = multipartBody([
  { name: 'file', value: Buffer.from(text), filename: 'My Clippings.txt', contentType: 'text/plain' },
]);

const loop = watchLoop();
let done = false;
const health: number[] = [];
const probing = (async () => {
  while (!done) {
    const t0 = performance.now();
    await app.inject({ method: 'GET', url: '/api/health' });
    health.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20));
  }
})();
const t0 = performance.now();
const res = await app.inject({
  method: 'POST',
  url: '/item/import/kindle',
  headers: { ...headers, origin, cookie },
  payload,
});
const seconds = (performance.now() - t0) / 1000;
done = true;
await probing;
const report = loop.stop();
health.sort((a, b) => a - b);
console.log(
  `${kind}: ${BOOKS} books x ${PER_BOOK} (${(text.length / 1e6).toFixed(1)} MB) in ${seconds.toFixed(1)} s:`,
  res.body,
);
console.log(
  `health: ${health.length} calls, p50 ${health[health.length >> 1]!.toFixed(0)} ms, p99 ` +
    `${health[Math.floor(health.length * 0.99)]!.toFixed(0)} ms, max ${health.at(-1)!.toFixed(0)} ms`,
);
console.log(describeLoop(report));
if (args.has('stalls')) console.log(JSON.stringify(report.stalls), JSON.stringify(report.gcs));
for (const [q, e] of [...trace].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25))
  console.log(
    `${e.ms.toFixed(0).padStart(7)} ms ${String(e.n).padStart(6)}x max ${e.max.toFixed(0).padStart(5)} ms  ${q}`,
  );
await app.close();
await database.close();
