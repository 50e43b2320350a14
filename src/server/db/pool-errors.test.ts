import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { freshDatabase } from '../../../test/helpers/database.ts';
import { isConnectionLoss, queryRows } from './client.ts';

// PostgreSQL only: PGlite has no server connections to lose.
describe.runIf(process.env.FOLIO_TEST_DB === 'postgres')('a lost PostgreSQL connection', () => {
  it('does not crash the process, and the next query gets a new connection', async () => {
    const database = await freshDatabase();
    try {
      const [me] = await queryRows<{ pid: number }>(database.db, sql`SELECT pg_backend_pid() AS pid`);
      // the pool reports the idle client's lost connection (openPostgres warns) and drops it
      const warn = vi.spyOn(console, 'warn');
      const lost = new Promise<string>((resolve) =>
        warn.mockImplementation((message) => resolve(String(message))),
      );
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [me!.pid]);
      await admin.end();
      expect(await lost).toMatch(/^PostgreSQL connection lost/);
      warn.mockRestore();
      const [again] = await queryRows<{ ok: number }>(database.db, sql`SELECT 1 AS ok`);
      expect(again!.ok).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('fails a query in flight with an error the error handler maps to 503', async () => {
    const database = await freshDatabase();
    try {
      const [me] = await queryRows<{ pid: number }>(database.db, sql`SELECT pg_backend_pid() AS pid`);
      const inFlight = database.db.execute(sql`SELECT pg_sleep(30)`).then(
        () => undefined,
        (err: unknown) => err,
      );
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      // the pool has one idle client and the sleeping query took it
      await expect
        .poll(
          async () =>
            (
              await admin.query(
                `SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND query LIKE 'SELECT pg_sleep%'`,
                [me!.pid],
              )
            ).rowCount,
        )
        .toBe(1);
      await admin.query('SELECT pg_terminate_backend($1)', [me!.pid]);
      await admin.end();
      const err = await inFlight;
      expect(err).toBeInstanceOf(Error);
      expect(isConnectionLoss(err)).toBe(true);
      expect(isConnectionLoss(new Error('duplicate key value violates unique constraint'))).toBe(false);
    } finally {
      await database.close();
    }
  });
});
