import { loadavg } from 'node:os';
import { inProcessApp } from './in-process.ts';
import { parseArgs } from './lib.ts';

const args = parseArgs();
const kind = args.get('db') === 'postgres' ? 'postgres' : 'pglite';
const SAVES = Number(args.get('saves') ?? 600);
const CONCURRENCY = Number(args.get('concurrency') ?? 8);
const { app, database } = await inProcessApp(kind, 'folio_bench_tag_saves', 10);
const origin = 'http://localhost';
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up',
  headers: { origin },
  payload: { name: 'tagsaver', email: 'tagsaver@bench.example.com', password: 'benchpass1' },
});
const cookie = String(signUp.headers['set-cookie']).split(';')[0]!;

const tag = (n: number) => `tag${(n * 7919) % 300}`;
async function post(url: string, payload: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url, headers: { origin, cookie }, payload });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}
/** Runs n calls, `CONCURRENCY` at a time, and returns calls per second. */
async function timed(n: number, call: (i: number) => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < n) await call(next++);
    }),
  );
  return n / ((performance.now() - t0) / 1000);
}

console.log(`${kind}, ${SAVES} bookmarks x 5 tags of 300, ${CONCURRENCY} at a time`);
console.log('| step | per second |\n|---|---:|');
const ids: number[] = [];
const save = await timed(SAVES, async (i) => {
  const tags = [0, 1, 2, 3, 4].map((k) => tag(i * 5 + k)).join(' ');
  const body = await post('/item/save/bookmark', {
    url: `https://example.com/${i}`,
    tags,
    private: i % 2 === 0,
  });
  ids[i] = (body as { items: { link_id: number }[] }).items[0]!.link_id;
});
console.log(`| save (new, 5 tags) | ${save.toFixed(1)} |`);
const edit = await timed(SAVES, async (i) => {
  const tags = [tag(i * 5), tag(i * 5 + 1), tag(i * 11), tag(i * 13), tag(i * 17)].join(' ');
  await post('/item/save/bookmark', { link_id: ids[i], tags });
});
console.log(`| edit tags (3 of 5 change) | ${edit.toFixed(1)} |`);
const batches = Math.ceil(SAVES / 50);
const mark = await timed(batches * 2, async (b) => {
  const slice = ids.slice((b % batches) * 50, (b % batches) * 50 + 50);
  await post('/ditem_mana2/mark_readed', { link_id: slice.join(','), readed: b < batches ? 0 : 1 });
});
console.log(`| mark 50 unread / read | ${mark.toFixed(1)} |\n(load average ${loadavg()[0]!.toFixed(1)})`);
await app.close();
await database.close();
