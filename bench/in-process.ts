/** The real app built in this process (app.inject) on a fresh database, for benches of one call path. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { type Database, openPglite, openPostgres } from '../src/server/db/client.ts';
import { systemClock } from '../src/server/platform/clock.ts';
import { JobQueue } from '../src/server/platform/jobs.ts';
import { createMailer } from '../src/server/platform/mailer.ts';
import { freshPgDatabase } from './lib.ts';

/** On PostgreSQL the database `name` is recreated; on PGlite a temporary data directory is used. */
export async function inProcessApp(kind: 'pglite' | 'postgres', name: string, poolSize: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  let database: Database;
  if (kind === 'postgres') {
    const url = await freshPgDatabase(name);
    if (!url) process.exit(1);
    database = await openPostgres(url, poolSize);
  } else {
    database = await openPglite(path.join(dataDir, 'db'));
  }
  await database.migrate();
  return { ...(await appOn(database, dataDir)), database, dataDir };
}

/** The real app on a database already open and migrated (a seeded one, say), its files in `dataDir`. */
export async function appOn(database: Database, dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-00',
  });
  const jobs = new JobQueue(database.db, systemClock);
  const app = await buildApp({
    config,
    database,
    jobs,
    mailer: createMailer({ smtpUrl: undefined, from: config.mailFrom, outboxDir: dataDir }),
    logger: false,
  });
  await app.ready();
  return { app, jobs };
}
