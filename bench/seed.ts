/**
 * Seed generator for the library benchmarks, done in SQL (INSERT ... SELECT over generate_series,
 * in batches), never through the API.
 *
 *   npx tsx bench/seed.ts --db pglite --dir /tmp/folio-bench      (DATA_DIR; the DB is <dir>/db)
 *   npx tsx bench/seed.ts --db postgres --url postgres://postgres@127.0.0.1:5432/folio_bench
 *   options: --items 1000000 --user-items 100000 --tags 10000 --other-users 900 --other-tags 100
 *            --batch 100000
 *
 * The database must be empty (fresh). One user `benchuser1` / `benchpass1` (a real argon2id hash)
 * owns --user-items items and --tags tags; --other-users users share the rest of --items.
 * Items are interleaved across users by id, as if saved over time. Tags per item: 0-5, the first
 * uniform over the owner's tags (so every tag is used), the others Zipf-like (log-uniform rank).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { type Database, openPglite, openPostgres } from '../src/server/db/client.ts';
import { acquireDataDirLock } from '../src/server/db/lock.ts';
import { hashPassword } from '../src/server/platform/auth/passwords.ts';
import { mb, parseArgs } from './lib.ts';
import { HOST_SUFFIXES, VOCABULARY } from './vocabulary.ts';

export const BENCH_USER = 'benchuser1';
export const BENCH_PASSWORD = 'benchpass1';

export interface SeedOptions {
  db: 'pglite' | 'postgres';
  /** DATA_DIR for PGlite (the database lives in <dir>/db, as the server opens it) */
  dir?: string;
  url?: string;
  items: number;
  userItems: number;
  tags: number;
  otherUsers: number;
  otherTags: number;
  batch: number;
}

type Exec = <T = Record<string, unknown>>(text: string) => Promise<T[]>;

function lit(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function arrayLit(values: string[]): string {
  return `ARRAY[${values.map(lit).join(',')}]::text[]`;
}

/** ~500 hosts: word.suffix, then word-word.suffix. */
function hosts(): string[] {
  const out: string[] = [];
  for (let i = 0; out.length < 500; i++) {
    const a = VOCABULARY[i % VOCABULARY.length]!;
    const b = i >= VOCABULARY.length ? `-${VOCABULARY[(i * 7) % VOCABULARY.length]}` : '';
    out.push(`${a}${b}.${HOST_SUFFIXES[i % HOST_SUFFIXES.length]}`);
  }
  return out;
}

export async function seed(o: SeedOptions): Promise<void> {
  const t0 = performance.now();
  const stamp = () =>
    `${((performance.now() - t0) / 1000).toFixed(1)}s, rss ${mb(process.memoryUsage().rss)}`;
  const log = (msg: string) => console.log(`[seed ${stamp()}] ${msg}`);

  let release = () => {};
  let database: Database;
  if (o.db === 'pglite') {
    if (!o.dir) throw new Error('--dir is required for PGlite');
    release = acquireDataDirLock(path.resolve(o.dir));
    database = await openPglite(path.join(path.resolve(o.dir), 'db'));
  } else {
    if (!o.url) throw new Error('--url is required for PostgreSQL');
    // one connection: the session settings below must hold for every statement
    database = await openPostgres(o.url, 1);
  }
  const exec: Exec = async (text) => {
    const res = (await database.db.execute(sql.raw(text))) as unknown as { rows: never[] };
    return res.rows;
  };
  const timed = async (label: string, text: string) => {
    const s = performance.now();
    await exec(text);
    log(`${label} (${((performance.now() - s) / 1000).toFixed(1)}s)`);
  };

  try {
    await database.migrate();
    log(`migrated (${o.db})`);
    const [users] = await exec<{ n: number }>('SELECT count(*)::int AS n FROM users');
    if (users!.n > 0) throw new Error('the database is not empty: seed a fresh one');

    const N = o.items;
    const U = o.userItems;
    const T = o.tags;
    const O = o.otherUsers;
    const TO = o.otherTags;
    const V = VOCABULARY.length;
    if (U > N || (U < N && O < 1)) throw new Error('--user-items must be <= --items (and other users exist)');

    // bulk-load settings: foreign-key triggers off (the data is consistent by construction and
    // checked at the end), more memory for index builds
    await exec('SET session_replication_role = replica');
    await exec(`SET maintenance_work_mem = '${o.db === 'postgres' ? '512MB' : '256MB'}'`);
    await exec(`SET work_mem = '64MB'`);
    if (o.db === 'postgres') await exec('SET synchronous_commit = off');

    // Secondary indexes are dropped for the load and rebuilt from their own definitions after.
    const indexes = await exec<{ name: string; def: string; table: string }>(`
      SELECT i.indexname AS name, i.indexdef AS def, i.tablename AS "table" FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename IN ('items', 'item_tags')
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`);
    for (const ix of indexes) await exec(`DROP INDEX ${ix.name}`);
    log(`dropped ${indexes.length} secondary indexes for the load`);

    // Word lists are inlined as array constants: a stored array would be TOASTed and
    // decompressed on every subscript (measured: 10x slower).
    const VOC = `(${arrayLit(VOCABULARY)})`;
    const HOSTS = `(${arrayLit(hosts())})`;

    // ---- users: benchuser1 is id 1, the others 2..O+1
    const hash = await hashPassword(BENCH_PASSWORD);
    await exec(`INSERT INTO users (id, name, email, password_hash, created_at)
      VALUES (1, ${lit(BENCH_USER)}, ${lit(`${BENCH_USER}@bench.example.com`)}, ${lit(hash)}, now() - interval '3 years')`);
    if (O > 0)
      await exec(`INSERT INTO users (id, name, email, created_at)
        SELECT u, 'benchother' || u, 'benchother' || u || '@bench.example.com', now() - interval '3 years'
        FROM generate_series(2, ${O + 1}) u`);
    log(`users: 1 + ${O}`);

    // ---- tags: benchuser1's are ids 1..T (id = popularity rank); user u's are T+(u-2)*TO+1 ..
    // name of rank r: a word for r <= V, else word-word (unique pairs)
    const tagName = (r: string) =>
      `CASE WHEN ${r} <= ${V} THEN ${VOC}[${r}] ELSE ${VOC}[1 + (${r} - 1) % ${V}] || '-' || ${VOC}[(${r} - 1) / ${V}] END`;
    await exec(`INSERT INTO tags (id, user_id, name)
      SELECT r, 1, ${tagName('r')} FROM generate_series(1, ${T}) r`);
    if (O > 0)
      await exec(`INSERT INTO tags (id, user_id, name)
        SELECT ${T} + (u - 2) * ${TO} + r, u, ${tagName('r')}
        FROM generate_series(2, ${O + 1}) u, generate_series(1, ${TO}) r`);
    log(`tags: ${T} for ${BENCH_USER}, ${TO} for each other user`);

    // owner of item g: benchuser1 for U evenly spread ids, else round-robin over the others
    const owner = `CASE WHEN (g::bigint * ${U}) / ${N} > ((g::bigint - 1) * ${U}) / ${N} THEN 1 ELSE 2 + g % ${Math.max(O, 1)} END`;

    // ---- item_tags first (item ids are known in advance): 0-5 tags per item
    let tagRows = 0;
    for (let a = 1; a <= N; a += o.batch) {
      const b = Math.min(N, a + o.batch - 1);
      await exec(`
        INSERT INTO item_tags (item_id, tag_id, user_id, position)
        SELECT item_id, tag_id, owner, (row_number() OVER (PARTITION BY item_id ORDER BY tag_id) - 1)::int
        FROM (
          SELECT DISTINCT x.g AS item_id, x.owner,
            CASE WHEN x.owner = 1 THEN 0 ELSE ${T} + (x.owner - 2) * ${TO} END + r.rank AS tag_id
          FROM (
            SELECT g, ${owner} AS owner,
              width_bucket(random(), ARRAY[0.15, 0.40, 0.65, 0.80, 0.92]::float8[]) AS k
            FROM generate_series(${a}, ${b}) g
          ) x,
          LATERAL (
            SELECT CASE WHEN s = 1 THEN 1 + floor(random() * nt)::int
                        ELSE floor(exp(random() * ln(nt + 1)))::int END AS rank
            FROM (SELECT CASE WHEN x.owner = 1 THEN ${T} ELSE ${TO} END AS nt) c, generate_series(1, x.k) s
          ) r
        ) d`);
      const [counted] = await exec<{ c: number }>('SELECT count(*)::int AS c FROM item_tags');
      tagRows = counted!.c;
      log(`item_tags for items ${a}..${b}: ${tagRows} rows`);
    }
    for (const ix of indexes.filter((i) => i.table === 'item_tags')) await timed(`index ${ix.name}`, ix.def);
    // without statistics the per-item tag lookup below is planned as a scan of all tags
    await exec('ANALYZE tags');
    await exec('ANALYZE item_tags');

    // ---- items, with the search vector computed inline (checked against the SQL function below).
    // Text is glued from a pool of 2-4 word fragments (words drawn with a power-law skew) through
    // hash joins: ~10x faster than drawing every word per item, and titles stay near-unique.
    const P = 20_000;
    await exec('CREATE TABLE bench_frags (id int PRIMARY KEY, f text NOT NULL)');
    await exec(`INSERT INTO bench_frags
      SELECT i, (SELECT string_agg(${VOC}[1 + floor(power(random(), 2) * ${V})::int + 0 * s], ' ')
                 FROM generate_series(1, 2 + floor(random() * 3)::int + 0 * i) s)
      FROM generate_series(1, ${P}) i`);
    await exec(`CREATE TABLE bench_hosts (id int PRIMARY KEY, h text NOT NULL)`);
    await exec(`INSERT INTO bench_hosts SELECT i, (${HOSTS})[i] FROM generate_series(1, 500) i`);
    await exec('ANALYZE bench_frags');
    await exec('ANALYZE bench_hosts');
    const frag = (n: number) =>
      Array.from({ length: n }, (_, i) => `1 + floor(random() * ${P})::int AS r${i + 1}`);
    const rs = Array.from({ length: 11 }, (_, i) => `r${i + 1}`);
    const joins = Array.from(
      { length: 11 },
      (_, i) => `JOIN bench_frags f${i + 1} ON f${i + 1}.id = x.r${i + 1}`,
    );
    for (let a = 1; a <= N; a += o.batch) {
      const b = Math.min(N, a + o.batch - 1);
      const explain = process.env.SEED_EXPLAIN && a === 1 ? 'EXPLAIN (ANALYZE, COSTS OFF) ' : '';
      const plan = await exec<{ 'QUERY PLAN': string }>(`${explain}
        INSERT INTO items (id, user_id, type, title, description, url, host, note_content, note_type,
          unread, private, annotation_count, created_at, updated_at, search_vector)
        SELECT id, user_id, type, title, description, url, host, note_content, note_type,
          unread, private, annotation_count, created_at, updated_at,
          setweight(to_tsvector('simple', coalesce(title, '')), 'A') ||
          setweight(to_tsvector('simple', coalesce((
            SELECT string_agg(t.name, ' ' ORDER BY it.tag_id) FROM item_tags it JOIN tags t ON t.id = it.tag_id
            WHERE it.item_id = y.id), '')), 'A') ||
          setweight(to_tsvector('simple', coalesce(description, '')), 'B') ||
          setweight(to_tsvector('simple', coalesce(regexp_replace(note_content, '<[^>]*>', ' ', 'g'), '')), 'B') ||
          setweight(to_tsvector('simple', coalesce(url, '')), 'C')
        FROM (
          SELECT x.g AS id, x.owner AS user_id, x.type,
            f1.f || ' ' || f2.f AS title,
            f3.f || ' ' || f4.f || ' ' || f5.f || ' ' || f6.f || ' ' || f7.f AS description,
            CASE WHEN x.type = 'note' THEN NULL
                 ELSE 'https://' || h.h || '/' || replace(f8.f, ' ', '-') || '/' || x.g END AS url,
            CASE WHEN x.type = 'note' THEN NULL ELSE h.h END AS host,
            CASE WHEN x.type = 'note' THEN '<p>' || f8.f || ' ' || f9.f || ' ' || f10.f ||
              '</p><ul><li><b>' || f11.f || '</b></li></ul>' END AS note_content,
            CASE WHEN x.type = 'note' THEN 'html' END AS note_type,
            x.type IN ('bookmark', 'pdf') AND x.ru < 0.1176 AS unread,
            x.type = 'note' OR x.rp < 0.4737 AS private,
            CASE WHEN x.ra < 0.2 THEN 1 + floor(power(x.ra * 5, 3) * 40)::int ELSE 0 END AS annotation_count,
            x.created_at,
            x.created_at + power(x.rw, 3) * (now() - x.created_at) AS updated_at
          FROM (
            SELECT g, ${owner} AS owner,
              CASE WHEN rt < 0.80 THEN 'bookmark' WHEN rt < 0.85 THEN 'note' WHEN rt < 0.90 THEN 'image'
                   WHEN rt < 0.95 THEN 'pdf' ELSE 'kindle' END AS type,
              rh, ru, rp, ra, rw, now() - rc * interval '3 years' AS created_at, ${rs.join(', ')}
            FROM (
              SELECT g, random() AS rt, 1 + floor(random() * 500)::int AS rh, random() AS ru, random() AS rp,
                random() AS ra, random() AS rw, random() AS rc, ${frag(11).join(', ')}
              FROM generate_series(${a}, ${b}) g OFFSET 0
            ) g0 -- OFFSET 0: evaluate each random() once per row, never inline it into the joins
          ) x
          JOIN bench_hosts h ON h.id = x.rh
          ${joins.join('\n          ')}
        ) y`);
      if (explain) console.log(plan.map((r) => r['QUERY PLAN']).join('\n'));
      log(`items ${a}..${b} inserted`);
    }
    await exec('DROP TABLE bench_frags');
    await exec('DROP TABLE bench_hosts');
    await exec(`SELECT setval(pg_get_serial_sequence('users', 'id'), ${O + 1})`);
    await exec(`SELECT setval(pg_get_serial_sequence('tags', 'id'), (SELECT max(id) FROM tags))`);
    await exec(`SELECT setval(pg_get_serial_sequence('items', 'id'), ${N})`);

    // ---- tag counts in one grouped UPDATE; tags nobody uses are removed, as the app does
    await timed(
      'tag counters recounted',
      `UPDATE tags t SET item_count = c.n, public_count = c.p, last_used_at = c.last,
         bookmark_count = c.bookmarks, image_count = c.images, pdf_count = c.pdfs, note_count = c.notes,
         unread_count = c.unread, annotated_count = c.annotated
       FROM (SELECT it.tag_id, count(*)::int AS n, (count(*) FILTER (WHERE NOT i.private))::int AS p,
                    max(i.updated_at) AS last,
                    count(*) FILTER (WHERE i.type = 'bookmark') AS bookmarks,
                    count(*) FILTER (WHERE i.type = 'image') AS images,
                    count(*) FILTER (WHERE i.type = 'pdf') AS pdfs,
                    count(*) FILTER (WHERE i.type = 'note') AS notes,
                    count(*) FILTER (WHERE i.unread) AS unread,
                    count(*) FILTER (WHERE i.annotation_count > 0) AS annotated
             FROM item_tags it JOIN items i ON i.id = it.item_id GROUP BY it.tag_id) c
       WHERE t.id = c.tag_id`,
    );
    // the items triggers were off for the load (replica role): item_counts in one grouped insert
    await timed(
      'item_counts',
      `INSERT INTO item_counts (user_id, type, private, unread, annotated, n)
       SELECT user_id, type, private, unread, annotation_count > 0, count(*)::int FROM items
       GROUP BY user_id, type, private, unread, annotation_count > 0`,
    );
    const dropped = await exec<{ id: number }>('DELETE FROM tags WHERE item_count = 0 RETURNING id');
    log(`${dropped.length} unused tags removed`);

    for (const ix of indexes.filter((i) => i.table === 'items')) await timed(`index ${ix.name}`, ix.def);
    await exec('SET session_replication_role = origin');

    // ---- checks: referential integrity (FK triggers were off) and the search vector definition
    const [check] = await exec<{ orphan_tags: number; orphan_items: number; bad_owner: number }>(`
      SELECT (SELECT count(*)::int FROM item_tags it WHERE NOT EXISTS (SELECT 1 FROM items i WHERE i.id = it.item_id)
                OR NOT EXISTS (SELECT 1 FROM tags t WHERE t.id = it.tag_id AND t.user_id = it.user_id)) AS orphan_tags,
             (SELECT count(*)::int FROM items i WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = i.user_id)) AS orphan_items,
             (SELECT count(*)::int FROM item_tags it JOIN items i ON i.id = it.item_id WHERE i.user_id <> it.user_id) AS bad_owner`);
    if (check!.orphan_tags || check!.orphan_items || check!.bad_owner)
      throw new Error(`seed integrity check failed: ${JSON.stringify(check)}`);
    const step = Math.max(1, Math.floor(N / 5000));
    const [vec] = await exec<{ checked: number; differ: number }>(`
      SELECT count(*)::int AS checked,
             (count(*) FILTER (WHERE search_vector IS DISTINCT FROM folio_item_search_vector(id)))::int AS differ
      FROM items WHERE id % ${step} = 0`);
    if (vec!.differ > 0) {
      log(
        `search vectors: ${vec!.differ} of ${vec!.checked} sampled differ from folio_item_search_vector: recomputing all`,
      );
      for (let a = 1; a <= N; a += o.batch)
        await exec(`UPDATE items SET search_vector = folio_item_search_vector(id)
                    WHERE id BETWEEN ${a} AND ${Math.min(N, a + o.batch - 1)}`);
    } else {
      log(`search vectors: ${vec!.checked} sampled items match folio_item_search_vector(id)`);
    }

    // autovacuum would do this on PostgreSQL; PGlite has no autovacuum, see docs/benchmarks.md
    await timed('VACUUM ANALYZE', 'VACUUM ANALYZE');

    const [sum] = await exec<Record<string, string>>(`
      SELECT (SELECT count(*) FROM items) AS items, (SELECT count(*) FROM items WHERE user_id = 1) AS user_items,
             (SELECT count(*) FROM tags WHERE user_id = 1) AS user_tags, (SELECT count(*) FROM tags) AS tags,
             (SELECT count(*) FROM item_tags) AS item_tags,
             pg_size_pretty(pg_database_size(current_database())) AS db_size`);
    log(`done: ${JSON.stringify(sum)}`);
  } finally {
    await database.close();
    release();
  }
}

export function seedOptionsFromArgs(args: Map<string, string>): SeedOptions {
  const num = (k: string, d: number) => Number(args.get(k) ?? d);
  const db = args.get('db') ?? 'pglite';
  if (db !== 'pglite' && db !== 'postgres') throw new Error('--db must be pglite or postgres');
  return {
    db,
    dir: args.get('dir'),
    url: args.get('url'),
    items: num('items', 1_000_000),
    userItems: num('user-items', 100_000),
    tags: num('tags', 10_000),
    otherUsers: num('other-users', 900),
    otherTags: num('other-tags', 100),
    batch: num('batch', 100_000),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await seed(seedOptionsFromArgs(parseArgs()));
}
