/**
 * A 10,000-bookmark Netscape file (tags, descriptions, folders three deep) imported through the real
 * app (in-process): the time until the import has written every item (its captures then run in the
 * background), the event loop's holds meanwhile and the peak growth of the process's resident
 * memory; beside it, the floor: the same
 * rows written by plain multi-row INSERTs of items, tags and item_tags on the same database.
 *
 *   npx tsx bench/import.ts --db pglite [--count 10000]
 *   npx tsx bench/import.ts --db postgres
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/server/db/client.ts';
import { multipartBody } from '../test/helpers/multipart.ts';
import { inProcessApp } from './in-process.ts';
import { parseArgs } from './lib.ts';
import { describeLoop, watchLoop } from './loop-stalls.ts';

const args = parseArgs();
const kind = args.get('db') === 'postgres' ? 'postgres' : 'pglite';
const COUNT = Number(args.get('count') ?? 10_000);

/** The file: COUNT links in folders Topic N / Sub M / Leaf K, two tags and a description each. */
function netscapeFile(count: number): string {
  const out = [
    '<!DOCTYPE NETSCAPE-Bookmark-file-1>',
    '<TITLE>Bookmarks</TITLE>',
    '<H1>Bookmarks</H1>',
    '<DL><p>',
  ];
  let n = 0;
  for (let a = 0; n < count; a += 1) {
    out.push(`<DT><H3>Topic ${a}</H3>`, '<DL><p>');
    for (let b = 0; b < 5 && n < count; b += 1) {
      out.push(`<DT><H3>Sub ${b}</H3>`, '<DL><p>');
      for (let c = 0; c < 4 && n < count; c += 1) {
        out.push(`<DT><H3>Leaf ${c}</H3>`, '<DL><p>');
        for (let i = 0; i < 25 && n < count; i += 1, n += 1) {
          out.push(
            `<DT><A HREF="https://site${n % 500}.example/articles/${n}" ADD_DATE="${1_600_000_000 + n}" TAGS="tag${n % 50},topic${a}">Article number ${n} about things</A>`,
            `<DD>A short description of article ${n}, with a few words to index.`,
          );
        }
        out.push('</DL><p>');
      }
      out.push('</DL><p>');
    }
    out.push('</DL><p>');
  }
  out.push('</DL><p>');
  return out.join('\n');
}

const { app, database, jobs } = await inProcessApp(kind, 'folio_bench_import', 10);
const origin = 'http://localhost';
async function signUp(name: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    headers: { origin },
    payload: { name, email: `${name}@bench.example.com`, password: 'benchpass1' },
  });
  return String(res.headers['set-cookie']).split(';')[0]!;
}
const file = netscapeFile(COUNT);
const cookie = await signUp('importer');

let peak = process.memoryUsage().rss;
const base = peak;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);

const loop = watchLoop();
const t0 = performance.now();
const { payload, headers } = multipartBody([
  { name: 'format', value: '' },
  { name: 'file', value: Buffer.from(file), filename: 'bookmarks.html', contentType: 'text/html' },
]);
const started = await app.inject({
  method: 'POST',
  url: '/api/import',
  headers: { ...headers, origin, cookie },
  payload,
});
const { job_id } = started.json();
// the poller's work, here: the import job (and the first capture, due at once, which fails fast offline)
await jobs.runDueJobs();
const status = (
  await app.inject({ method: 'GET', url: `/api/import/${job_id}`, headers: { cookie } })
).json();
const seconds = (performance.now() - t0) / 1000;
const loopReport = loop.stop();
clearInterval(sampler);
console.log(describeLoop(loopReport));
console.log(
  `${kind}: import ${seconds.toFixed(1)} s`,
  JSON.stringify({ ...status, errors: status.errors?.length }),
);

// the floor: the same rows by plain INSERTs, 100 to a statement, in the same batches
// (the same user: sign-ups are rate-limited per address; its addresses and tag names differ)
const [importer] = await queryRows<{ id: number }>(
  database.db,
  sql`SELECT id FROM users WHERE name = 'importer'`,
);
const floorId = importer!.id;
const f0 = performance.now();
await database.db.execute(
  sql`INSERT INTO tags (user_id, name) SELECT ${floorId}, 'ftag' || n FROM generate_series(0, 49) n`,
);
for (let i = 0; i < COUNT; i += 100) {
  await database.db.transaction(async (tx) => {
    const ids = await queryRows<{ id: number }>(
      tx,
      sql`INSERT INTO items (user_id, type, url, host, title, description, unread, private, created_at, updated_at)
        SELECT ${floorId}, 'bookmark', 'https://floor' || (n % 500) || '.example/articles/' || n, 'floor' || (n % 500) || '.example',
               'Article number ' || n, 'A short description', true, true, now(), now()
        FROM generate_series(${i}::int, ${Math.min(i + 99, COUNT - 1)}::int) AS n RETURNING id`,
    );
    await tx.execute(sql`INSERT INTO item_tags (item_id, tag_id, user_id, position)
      SELECT i.id, t.id, ${floorId}, 0 FROM unnest(${`{${ids.map((r) => r.id).join(',')}}`}::bigint[]) AS i(id)
      JOIN tags t ON t.user_id = ${floorId} AND t.name = 'ftag' || (i.id % 50)`);
  });
}
const floor = (performance.now() - f0) / 1000;

console.log(
  `${kind}: ${COUNT} bookmarks (${(file.length / 1e6).toFixed(1)} MB): import ${seconds.toFixed(1)} s ` +
    `(${status.state}, added ${status.added}, merged ${status.merged}), peak RSS growth ${((peak - base) / 1e6).toFixed(0)} MB; ` +
    `plain INSERTs of the same rows ${floor.toFixed(1)} s (ratio ${(seconds / floor).toFixed(1)})`,
);
await app.close();
await database.close();
process.exit(0);
