import { sql } from 'drizzle-orm';
import { inProcessApp } from './in-process.ts';
import { parseArgs } from './lib.ts';

const args = parseArgs();
const kind = args.get('db') === 'postgres' ? 'postgres' : 'pglite';
const HIGHLIGHTS = Number(args.get('highlights') ?? 56_000);
const SAMPLES = Number(args.get('samples') ?? 5);
const { app, database } = await inProcessApp(kind, 'folio_bench_annotated', 4);
const origin = 'http://localhost';
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up',
  headers: { origin },
  payload: { name: 'reader', email: 'reader@bench.example.com', password: 'benchpass1' },
});
const cookie = String(signUp.headers['set-cookie']).split(';')[0]!;
for (let n = 0; n < 23; n++) {
  await app.inject({
    method: 'POST',
    url: '/item/save/bookmark',
    headers: { origin, cookie },
    payload: { url: `https://example.com/${n}`, title: `Page ${n}` },
  });
}
await database.db.execute(sql`
  WITH book AS (
    INSERT INTO items (user_id, type, title, description, private, updated_at)
    SELECT id, 'kindle', 'A long book', 'An Author', true, now() + interval '1 minute' FROM users
    RETURNING id, user_id)
  INSERT INTO annotations (user_id, item_id, shape, content, ann_md5, color, selector)
  SELECT book.user_id, book.id, 10, 'Highlighted passage number ' || g || ', about as long as a Kindle highlight usually is.',
    md5(g::text), 'yellow', jsonb_build_array(jsonb_build_object('type', 'KindleLocationSelector', 'start', g, 'end', g + 2))
  FROM book, generate_series(1, ${HIGHLIGHTS}) g`);
await database.db.execute(sql`UPDATE items SET annotation_count = ${HIGHLIGHTS} WHERE type = 'kindle'`);

const times: number[] = [];
let bytes = 0;
for (let i = 0; i < SAMPLES + 1; i++) {
  const t0 = performance.now();
  const res = await app.inject({
    method: 'GET',
    url: '/interact_api/load_user_items?count=24',
    headers: { cookie },
  });
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
  if (i > 0) times.push(performance.now() - t0); // the first warms up
  bytes = res.rawPayload.length;
}
times.sort((a, b) => a - b);
console.log(
  `${kind}, one item of ${HIGHLIGHTS} highlights among 24 rows: ${(bytes / 1024 / 1024).toFixed(2)} MB, ` +
    `median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms over ${SAMPLES}`,
);
await app.close();
await database.close();
