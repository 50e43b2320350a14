import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../src/server/db/client.ts';

/** On PostgreSQL, `url` lets a test open a second connection (another app instance) to it. */
export interface TestDatabase extends Database {
  url?: string;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new PostgreSQL database
 * created on TEST_DATABASE_URL's server (dropped again on close) when the project says so.
 */
export async function freshDatabase(): Promise<TestDatabase> {
  if (process.env.FOLIO_TEST_DB !== 'postgres') {
    const database = await openPglite();
    await database.migrate();
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('FOLIO_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `folio_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 4);
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
