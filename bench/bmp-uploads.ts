/**
 * Four parallel uploads of a 6 MB 1-bit 7000x7000 BMP and their thumbnail jobs, through the real
 * app (in-process): the process's peak RSS (sampled every 20 ms) and the event loop's stalls.
 *
 *   npx tsx bench/bmp-uploads.ts --db pglite|postgres [--uploads 4]
 */
import { sql } from 'drizzle-orm';
import { oneBitBmp } from '../test/generators/bmp.ts';
import { multipartBody } from '../test/helpers/multipart.ts';
import { inProcessApp } from './in-process.ts';
import { parseArgs } from './lib.ts';
import { describeLoop, watchLoop } from './loop-stalls.ts';

const args = parseArgs();
const kind = args.get('db') === 'postgres' ? 'postgres' : 'pglite';
const UPLOADS = Number(args.get('uploads') ?? 4);
const { app, database, jobs } = await inProcessApp(kind, 'folio_bench_bmp', 10);
const origin = 'http://localhost';
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up',
  headers: { origin },
  payload: { name: 'uploader', email: 'uploader@bench.example.com', password: 'benchpass1' },
});
const cookie = String(signUp.headers['set-cookie']).split(';')[0]!;
await database.db.execute(sql`UPDATE users SET plan = 'professional'`);
const bmp = oneBitBmp(7000, 7000);
const mib = (n: number) => (n / 1024 / 1024).toFixed(0);

const before = process.memoryUsage().rss;
let peak = before;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const loop = watchLoop();
const t0 = performance.now();
const replies = await Promise.all(
  Array.from({ length: UPLOADS }, (_, n) => {
    const { payload, headers } = multipartBody([
      { name: 'qqfilename', value: `big-${n}.bmp` },
      { name: 'qqfile', value: bmp, filename: `big-${n}.bmp`, contentType: 'image/bmp' },
    ]);
    return app.inject({
      method: 'POST',
      url: '/item/save/image',
      headers: { ...headers, origin, cookie },
      payload,
    });
  }),
);
const uploaded = performance.now() - t0;
const ran = await jobs.runDueJobs();
const seconds = (performance.now() - t0) / 1000;
clearInterval(sampler);
const report = loop.stop();
console.log(
  `${kind}: ${UPLOADS} x ${(bmp.length / 1e6).toFixed(1)} MB BMP: replies ${replies.map((r) => r.statusCode)}, ` +
    `uploads ${(uploaded / 1000).toFixed(1)} s, with thumbnails ${seconds.toFixed(1)} s, jobs ${JSON.stringify(ran)}`,
);
console.log(`RSS before ${mib(before)} MiB, peak ${mib(peak)} MiB (+${mib(peak - before)} MiB)`);
console.log(describeLoop(report));
await app.close();
await database.close();
