import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, MIGRATIONS_DIR, openPglite, openPostgres } from '../../src/server/db/client.ts';

/** On PostgreSQL, `url` lets a test open a second connection (another app instance) to it. */
export interface TestDatabase extends Database {
  url?: string;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database
 * created on TEST_DATABASE_URL's server (dropped again on close) when the project says so.
 *
 * Both start from a template migrated once (test/global-setup.ts prepares it before the workers
 * start; a file run without it prepares it here): PGlite loads a dump of a migrated data directory
 * instead of running initdb and every migration, PostgreSQL copies a migrated template database.
 * A template is named by the hash of the migrations folder, so a changed migration makes a new one.
 * `database.migrate()` still works (and finds nothing left to do).
 */
export async function freshDatabase(): Promise<TestDatabase> {
  if (process.env.FOLIO_TEST_DB !== 'postgres') {
    return openPglite(undefined, { loadDataDir: await pgliteTemplate() });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('FOLIO_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `folio_t_${randomBytes(6).toString('hex')}`;
  await createFromTemplate(adminUrl, name);
  const url = databaseUrl(adminUrl, name);
  const database = await openPostgres(url, 4);
  return {
    ...database,
    url,
    close: async () => {
      await database.close();
      await withAdmin(adminUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * A fresh database of the other kind than this file's (PGlite when it runs on PostgreSQL, and
 * PostgreSQL when it runs on PGlite and TEST_DATABASE_URL names a server; otherwise another PGlite):
 * what moves between servers (a backup and its restore) is tested across both.
 */
export async function otherDatabase(): Promise<TestDatabase & { kind: 'pglite' | 'postgres' }> {
  const onPostgres = process.env.FOLIO_TEST_DB === 'postgres';
  const kind = !onPostgres && process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  const before = process.env.FOLIO_TEST_DB;
  process.env.FOLIO_TEST_DB = kind;
  try {
    return { ...(await freshDatabase()), kind };
  } finally {
    process.env.FOLIO_TEST_DB = before;
  }
}

/**
 * The migrations (every file's path and contents) and the PGlite build that would load a dump:
 * a template made from other ones is never used.
 */
export function templateKey(): string {
  cachedKey ??= computeTemplateKey();
  return cachedKey;
}
let cachedKey: string | undefined;

function computeTemplateKey(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else
        hash
          .update(`${path.relative(MIGRATIONS_DIR, full)}\0`)
          .update(readFileSync(full))
          .update('\0');
    }
  };
  walk(MIGRATIONS_DIR);
  hash.update(`pglite ${pgliteVersion()}`);
  return hash.digest('hex').slice(0, 16);
}

function pgliteVersion(): string {
  // the package exports no package.json: walk up from its entry point
  let dir = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

// --- PGlite: a dump of a migrated data directory, cached on disk per key ---

const PGLITE_CACHE_DIR = path.resolve(MIGRATIONS_DIR, '../node_modules/.cache/folio-test-db');
let pgliteDump: Blob | undefined;

/** The migrated data directory every PGlite test database starts from (made if missing). */
export async function pgliteTemplate(): Promise<Blob> {
  if (!pgliteDump) pgliteDump = new Blob([readFileSync(await preparePgliteTemplate())]);
  return pgliteDump;
}

/**
 * Makes the dump file for the current migrations unless it exists, and returns its path. Written
 * to a temporary name and renamed, so a concurrent run never reads half a file; dumps of other
 * migrations are removed.
 */
export async function preparePgliteTemplate(): Promise<string> {
  const key = templateKey();
  const file = path.join(PGLITE_CACHE_DIR, `pglite-${key}.tar`);
  if (existsSync(file)) return file;
  const database = await openPglite();
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    mkdirSync(PGLITE_CACHE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    await database.close();
  }
  for (const old of readdirSync(PGLITE_CACHE_DIR)) {
    if (old.startsWith('pglite-') && old.endsWith('.tar') && old !== path.basename(file)) {
      rmSync(path.join(PGLITE_CACHE_DIR, old), { force: true });
    }
  }
  return file;
}

// --- PostgreSQL: a migrated template database per key, kept on the server ---

const TEMPLATE_PREFIX = 'folio_tpl_';
/** Held on the admin connection while a template is checked, made or removed. */
const TEMPLATE_LOCK = 727002;

/**
 * Makes the template database for the current migrations unless it exists, and returns its name.
 * Concurrent runs and workers take turns (an advisory lock). The template is migrated under
 * another name and copied to its own only when complete, so a test never copies half of one.
 * `prune` drops the templates of other migrations (a run that still needs one makes it again).
 */
export async function preparePostgresTemplate(
  adminUrl: string,
  opts: { prune?: boolean } = {},
): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${templateKey()}`;
  const building = `${name}_b`;
  return withAdmin(adminUrl, async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      // under the lock, a building one is left over from a killed run
      const others = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1) AND datname <> $2 AND ($3 OR datname = $4)',
        [TEMPLATE_PREFIX, name, opts.prune === true, building],
      );
      for (const { datname } of others.rows) {
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return name;
      await admin.query(`CREATE DATABASE ${building}`);
      const database = await openPostgres(databaseUrl(adminUrl, building), 1);
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      // a copy waits for the connection just closed to go; no one connects to the template again
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${building}`);
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
      await admin.query(`DROP DATABASE ${building} WITH (FORCE)`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

/** Creates database `name` as a copy of the template, making the template first if it is missing. */
async function createFromTemplate(adminUrl: string, name: string): Promise<void> {
  const template = `${TEMPLATE_PREFIX}${templateKey()}`;
  const create = () =>
    withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  try {
    await create();
  } catch (err) {
    // 3D000: no such template (never made, or removed by a run of other migrations)
    if ((err as { code?: string }).code !== '3D000') throw err;
    await preparePostgresTemplate(adminUrl);
    await create();
  }
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
