import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { folioPgliteClient } from './pglite-driver.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type services and repos see, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A repo function takes either the database or a transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool use, for the metrics (PGlite has no pool) */
  pool?: () => { total: number; idle: number; waiting: number };
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../migrations',
);

export interface PgliteOptions {
  /**
   * A data directory dumped by PGlite (`dumpDataDir`) to start from instead of running initdb:
   * the tests' migrated template. Only into memory or a `dataDir` that holds no database yet.
   */
  loadDataDir?: Blob;
}

/** Opens embedded PGlite in `dataDir` (or in memory when `dataDir` is undefined). */
export async function openPglite(dataDir?: string, options: PgliteOptions = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir,
    extensions: { btree_gin, pg_trgm },
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite({ client: folioPgliteClient(client), schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
    },
    close: () => client.close(),
  };
}

/**
 * A failure that says the database connection is gone or refused (a restart, a failover, a
 * terminated backend), not that the query was wrong: the request may be retried later (503).
 */
export function isConnectionLoss(err: unknown): boolean {
  return causes(err).some((e) => {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_LOSS_CODES.has(code) || code.startsWith('08'))) return true;
    return CONNECTION_LOSS_MESSAGES.test(e.message);
  });
}

/** The error and the causes it wraps (drizzle wraps the driver's error). */
function causes(err: unknown): Error[] {
  const chain: Error[] = [];
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) chain.push(e);
  return chain;
}

/** deadlock_detected and serialization_failure: PostgreSQL asks for the whole transaction again. */
const RETRY_CODES = new Set(['40P01', '40001']);
const TRANSACTION_ATTEMPTS = 3;

/**
 * Transactions that PostgreSQL aborts to break a deadlock (writers of one user's tags and counters
 * taking row locks in different orders) run again, as its documentation advises, instead of
 * failing the request.
 */
function retryingTransactions(db: Db): Db {
  const run = db.transaction.bind(db);
  const transaction: Db['transaction'] = async (work, config) => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await run(work, config);
      } catch (err) {
        const retry = causes(err).some((e) => RETRY_CODES.has(String((e as { code?: unknown }).code)));
        if (!retry || attempt >= TRANSACTION_ATTEMPTS) throw err;
      }
    }
  };
  db.transaction = transaction;
  return db;
}
/** admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections; node's socket errors */
const CONNECTION_LOSS_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '53300',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
]);
const CONNECTION_LOSS_MESSAGES =
  /Connection terminated|connection error and is not queryable|Client was closed and is not queryable|timeout exceeded when trying to connect/;

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's fatal error (a server restart, a terminated backend) comes out of the pool as
  // an 'error' event; unheard, Node would crash. The pool drops that client and opens a new one.
  pool.on('error', (err) => {
    console.warn(`PostgreSQL connection lost: ${err.message}`);
  });
  // A client checked out of the pool (a query or transaction in flight, the migration lock) has no
  // pool listener: its connection's death is an 'error' event on the client itself, which would
  // end the process. The query in flight fails on its own (a 503); the pool discards the client
  // on release because it is no longer queryable.
  pool.on('connect', (client) => {
    client.on('error', (err) => console.warn(`PostgreSQL connection lost in use: ${err.message}`));
  });
  const db = retryingTransactions(drizzlePg({ client: pool, schema }) as unknown as Db);
  return {
    db,
    kind: 'postgres',
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: async () => {
      // Several instances may start at once: one migrates, the others wait for it.
      const conn = await pool.connect();
      try {
        await conn.query('SELECT pg_advisory_lock(727001)');
        await migratePg(drizzlePg({ client: conn, schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await conn.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
        conn.release();
      }
    },
    close: () => pool.end(),
  };
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(path.join(opts.dataDir, 'db'));
}

/** Rows of a raw query, whichever driver ran it. */
export async function queryRows<T>(ex: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await ex.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
