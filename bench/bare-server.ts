/**
 * The floor Folio is measured against (bench/side-by-side.ts): a bare Fastify server that runs the
 * very statements one Folio request runs (captured by bench/list-profile.ts --capture), one after
 * another, and answers their rows as JSON. No sessions, schemas, ORM or presentation: only the
 * database's work and an HTTP reply.
 *
 *   npx tsx bench/bare-server.ts --db pglite --dir /tmp/folio-bench-pglite --port 3931 \
 *     --scenario list=/tmp/list.json --scenario tag=/tmp/tag.json
 *   (--db postgres --url URL: a pg pool of 10, as Folio's; --driver folio: PGlite through Folio's
 *   prepared statements, db/pglite-driver.ts, instead of PGlite's own query)
 *   GET /{scenario}
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import Fastify from 'fastify';
import pg from 'pg';
import { folioPgliteClient } from '../src/server/db/pglite-driver.ts';

interface Statement {
  text: string;
  params: unknown[];
}

const argv = process.argv.slice(2);
const flag = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const scenarios = new Map<string, Statement[]>();
argv.forEach((a, i) => {
  if (a !== '--scenario') return;
  const [name, file] = argv[i + 1]!.split('=');
  scenarios.set(name!, JSON.parse(readFileSync(file!, 'utf8')) as Statement[]);
});

type Run = (s: Statement) => Promise<unknown[]>;
let run: Run;
let close: () => Promise<void>;
if (flag('db') === 'postgres') {
  const pool = new pg.Pool({ connectionString: flag('url'), max: 10 });
  run = async (s) => (await pool.query(s.text, s.params)).rows;
  close = () => pool.end();
} else {
  const db = await PGlite.create({
    dataDir: path.join(flag('dir') ?? '/tmp/folio-bench-pglite', 'db'),
    extensions: { btree_gin, pg_trgm },
  });
  const client = flag('driver') === 'folio' ? folioPgliteClient(db) : db;
  run = async (s) => (await client.query(s.text, s.params)).rows;
  close = () => db.close();
}

const app = Fastify();
app.get<{ Params: { scenario: string } }>('/:scenario', async (req, reply) => {
  const statements = scenarios.get(req.params.scenario);
  if (!statements) return reply.code(404).send({ error: 'no such scenario' });
  const results: unknown[][] = [];
  for (const s of statements) results.push(await run(s));
  return results;
});
app.get('/', async () => ({ ok: true }));
await app.listen({ port: Number(flag('port') ?? 3931), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await close();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
