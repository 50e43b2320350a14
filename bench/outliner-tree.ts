/**
 * The outliner tree call on an outliner of 5,000 entries (4,950 imported from OPML, nested three
 * deep, and 50 saved items added from the library): median time of GET /api/outliners/{id}, and
 * of moving one entry. Side by side in the same run, interleaved sample by sample: the tree query
 * run directly (repo.treeOf, the SQL and the decoding of its one JSON value), the outliner row
 * lookup alone (what a read of a kept tree costs in the database), a GET repeated with nothing
 * changed (the kept reply text) and a GET right after a move (the tree read again).
 * Run: npx tsx bench/outliner-tree.ts [--db postgres] [--samples 21]
 */
import { findOutliner, treeOf } from '../src/server/modules/outliners/repo.ts';
import { inProcessApp } from './in-process.ts';
import { parseArgs } from './lib.ts';

const args = parseArgs();
const kind = args.get('db') === 'postgres' ? 'postgres' : 'pglite';
const SAMPLES = Number(args.get('samples') ?? 21);
const { app, database } = await inProcessApp(kind, 'folio_bench_outliner', 4);
const origin = 'http://localhost';
const signUp = await app.inject({
  method: 'POST',
  url: '/api/auth/sign-up',
  headers: { origin },
  payload: { name: 'outliner', email: 'outliner@bench.example.com', password: 'benchpass1' },
});
const cookie = String(signUp.headers['set-cookie']).split(';')[0]!;
const headers = { origin, cookie };

// 150 top entries, each with 10 sections of 2 points and 2 points of its own: 150 * 33 = 4,950
const outlines: string[] = [];
for (let a = 0; a < 150; a++) {
  const children: string[] = [];
  for (let b = 0; b < 10; b++) {
    const leaves = [0, 1].map(
      (c) => `<outline text="Point ${a}.${b}.${c}, a line of about fifty characters" _note="a note"/>`,
    );
    children.push(`<outline text="Section ${a}.${b}">${leaves.join('')}</outline>`);
  }
  children.push(`<outline text="Summary ${a}"/>`, `<outline text="Question ${a}"/>`);
  outlines.push(`<outline text="Chapter ${a}">${children.join('')}</outline>`);
}
const opml = `<?xml version="1.0"?><opml version="2.0"><head><title>Bench</title></head><body>${outlines.join('')}</body></opml>`;
const boundary = 'benchboundary';
const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.opml"\r\nContent-Type: text/x-opml\r\n\r\n${opml}\r\n--${boundary}--\r\n`;
const imported = await app.inject({
  method: 'POST',
  url: '/api/outliners/import',
  headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
  payload: body,
});
if (imported.statusCode !== 200) throw new Error(imported.body);
const id = imported.json().outliner.id as number;
const linkIds: number[] = [];
for (let n = 0; n < 50; n++) {
  const saved = await app.inject({
    method: 'POST',
    url: '/item/save/bookmark',
    headers,
    payload: { url: `https://example.com/${n}`, title: `Page ${n}` },
  });
  linkIds.push(saved.json().items[0].link_id);
}
await app.inject({
  method: 'POST',
  url: '/ditem_outliner/add_to_outliner',
  headers,
  payload: { infos: linkIds.join(','), list_id: id },
});

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const treeTimes: number[] = [];
let entries: { id: number; parent_id: number | null }[] = [];
let bytes = 0;
for (let i = 0; i < 2; i++) {
  const res = await app.inject({ method: 'GET', url: `/api/outliners/${id}`, headers });
  if (res.statusCode !== 200) throw new Error(res.body);
  entries = res.json().entries;
  bytes = res.body.length;
}
// the floor every signed-in GET pays (session, route, reply): the same call on a one-entry outliner
const small = (
  await app.inject({ method: 'POST', url: '/outliner/new', headers, payload: { title: 'Small' } })
).json().outliner.id as number;
await app.inject({
  method: 'POST',
  url: `/api/outliners/${small}/entries`,
  headers,
  payload: { text: 'one' },
});
const floorTimes: number[] = [];
const tops = entries.filter((e) => e.parent_id === null);
const moveTimes: number[] = [];
const sqlTimes: number[] = [];
const lookupTimes: number[] = [];
const afterMoveTimes: number[] = [];
const timed = async (f: () => Promise<unknown>) => {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
};
const get = () => app.inject({ method: 'GET', url: `/api/outliners/${id}`, headers });
for (let i = 0; i < SAMPLES; i++) {
  sqlTimes.push(await timed(() => treeOf(database.db, id)));
  lookupTimes.push(await timed(() => findOutliner(database.db, id)));
  treeTimes.push(await timed(get));
  floorTimes.push(await timed(() => app.inject({ method: 'GET', url: `/api/outliners/${small}`, headers })));
  // a section moves to another chapter, after its first section
  const target = tops[(i * 7) % tops.length]!;
  const section = entries.find((e) => e.parent_id === tops[(i * 7 + 3) % tops.length]!.id)!;
  const after = entries.find((e) => e.parent_id === target.id && e.id !== section.id)!;
  const t0 = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: `/api/outliners/${id}/entries/${section.id}`,
    headers,
    payload: { parent_id: target.id, after_id: after.id },
  });
  moveTimes.push(performance.now() - t0);
  if (res.statusCode !== 200) throw new Error(res.body);
  section.parent_id = target.id;
  afterMoveTimes.push(await timed(get));
}
const ms = (xs: number[]) => Number(median(xs).toFixed(1));
console.log(
  JSON.stringify({
    db: kind,
    entries: entries.length,
    replyBytes: bytes,
    treeMedianMs: ms(treeTimes),
    treeAfterMoveMedianMs: ms(afterMoveTimes),
    sqlDirectMedianMs: ms(sqlTimes),
    rowLookupMedianMs: ms(lookupTimes),
    oneEntryGetMedianMs: ms(floorTimes),
    moveMedianMs: ms(moveTimes),
  }),
);
await app.close();
await database.close();
