/**
 * Exports of 1,000 annotated items as PDF, Word and Markdown (issue 18): the time to the last byte,
 * the server's peak RSS growth while it runs, and how late a health check answers meanwhile
 * (exports give way between items, so other requests are not blocked). The server listens on a
 * port and the file is read as a stream and counted, so the measured memory is the server's.
 *
 *   npx tsx --expose-gc bench/export.ts [--items 1000] [--db postgres]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { inProcessApp } from './in-process.ts';
import { parseArgs } from './lib.ts';

const args = parseArgs();
const kind = args.get('db') === 'postgres' ? 'postgres' : 'pglite';
const ITEMS = Number(args.get('items') ?? 1000);
const { app, database } = await inProcessApp(kind, 'folio_bench_export', 4);
await app.listen({ port: 0, host: '127.0.0.1' });
const { port } = app.server.address() as AddressInfo;
const origin = 'http://localhost';

const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up',
  headers: { origin },
  payload: { name: 'exporter', email: 'exporter@bench.example.com', password: 'benchpass1' },
});
const cookie = String(signUp.headers['set-cookie']).split(';')[0]!;

// 1,000 bookmarks, each with four highlights (one per colour) and a sticky note on two of them
await database.db.execute(sql`
  INSERT INTO items (user_id, type, title, url, description, private)
  SELECT u.id, 'bookmark', 'Article number ' || g || ' — Ünïcödé, Ελληνικά, שלום',
    'https://example.com/articles/' || g,
    'A description of article ' || g || ' that runs to a sentence or two, as saved pages usually have.',
    false
  FROM users u, generate_series(1, ${ITEMS}) g`);
await database.db.execute(sql`
  INSERT INTO annotations (user_id, item_id, shape, content, ann_md5, color, selector)
  SELECT i.user_id, i.id, 0,
    'Highlighted passage ' || c.n || ' of item ' || i.id || ', a sentence about as long as readers usually mark in an article.',
    md5(i.id || '-' || c.n), c.color, '[]'::jsonb
  FROM items i, (VALUES (1, 'yellow'), (2, 'blue'), (3, 'green'), (4, 'pink')) AS c(n, color)`);
await database.db.execute(sql`
  INSERT INTO sticky_notes (user_id, item_id, annotation_id, content)
  SELECT a.user_id, a.item_id, a.id, 'A thought on this passage, written beside it.'
  FROM annotations a WHERE a.color IN ('yellow', 'green')`);
await database.db.execute(sql`UPDATE items SET annotation_count = 4`);
const ids = (await database.db.execute(sql`SELECT id FROM items ORDER BY id`)) as unknown as {
  rows: { id: number | string }[];
};
const linkIds = ids.rows.map((r) => String(r.id)).join(',');

function gc() {
  (globalThis as { gc?: () => void }).gc?.();
}

/** GET /api/health every 20 ms while `during` runs: the slowest answer. */
async function healthWhile(during: Promise<unknown>): Promise<number> {
  let done = false;
  let worst = 0;
  void during.finally(() => {
    done = true;
  });
  while (!done) {
    const t0 = performance.now();
    await new Promise<void>((resolve, reject) =>
      http
        .get({ port, host: '127.0.0.1', path: '/api/health' }, (res) => {
          res.resume();
          res.on('end', resolve);
        })
        .on('error', reject),
    );
    worst = Math.max(worst, performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20));
  }
  return worst;
}

function exportOnce(format: string): Promise<{ bytes: number; status: number }> {
  const body = JSON.stringify({ link_ids: linkIds, format });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        port,
        host: '127.0.0.1',
        path: '/api/export/items',
        method: 'POST',
        headers: {
          origin,
          cookie,
          'x-folio-csrf': '1',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
        });
        res.on('end', () => resolve({ bytes, status: res.statusCode ?? 0 }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

console.log(`${kind}, ${ITEMS} items with 4 highlights and 2 sticky notes each`);
console.log('| format | time | file | peak RSS growth | slowest health check meanwhile |');
console.log('|---|---|---|---|---|');
for (const format of ['pdf', 'doc', 'md']) {
  gc();
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const t0 = performance.now();
  const run = exportOnce(format);
  const worst = await healthWhile(run);
  const { bytes, status } = await run;
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (status !== 200) throw new Error(`${format}: ${status}`);
  console.log(
    `| ${format} | ${(ms / 1000).toFixed(2)} s | ${(bytes / 1024 / 1024).toFixed(2)} MB | ` +
      `${((peak - base) / 1024 / 1024).toFixed(0)} MB | ${worst.toFixed(0)} ms |`,
  );
}
await app.close();
await database.close();
