import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp, type TestClient } from '../../../test/helpers/app.ts';
import { freshDatabase, type TestDatabase } from '../../../test/helpers/database.ts';
import { systemClock } from '../platform/clock.ts';
import { defineJob, JobQueue } from '../platform/jobs.ts';
import { PgEventBus } from '../platform/pg-event-bus.ts';
import { queryRows } from './client.ts';

/**
 * Issue 13.1: every backend of this test's own database is terminated twice while clients save,
 * list and read; the process must not exit (an unheard 'error' event would end the test run), a
 * request in flight may fail only with a 503, and afterwards the counters are right, the event
 * bus delivers again and the jobs poller runs jobs again. PostgreSQL only: PGlite has no
 * connections to lose. Never the server itself and never another database: others share it.
 */
describe.runIf(process.env.FOLIO_TEST_DB === 'postgres')('losing every database connection mid-load', () => {
  let database: TestDatabase;
  let t: TestApp;
  let bus: PgEventBus;
  let poller: JobQueue;
  const polled: number[] = [];
  const busLog: string[] = [];
  const probe = defineJob('fault-probe', z.object({ n: z.number() }), async (job) => {
    polled.push(job.payload.n);
  });

  beforeAll(async () => {
    database = await freshDatabase();
    bus = new PgEventBus({
      connectionString: database.url!,
      db: database.db,
      reconnectDelayMs: 50,
      log: (message) => busLog.push(message),
    });
    await bus.start();
    t = await createTestApp({}, { database, bus });
    // a second queue on the real clock, polling as main.ts's does
    poller = new JobQueue(database.db, systemClock, { onError: () => {} });
    poller.register(probe);
    poller.start(20);
  });
  afterAll(async () => {
    // Closing twice hung past the hook's limit in a fresh-clone run (28 November; not reproduced in
    // 11 runs since). The test above has passed by then, so each step is bounded and a step that
    // hangs is told (in the run's output) rather than failing the suite; finding the hold is open.
    const bounded = async (step: string, close: () => Promise<unknown>) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), 60_000);
      });
      const outcome = await Promise.race([close().then(() => 'closed' as const), late]);
      clearTimeout(timer);
      if (outcome === 'late') console.warn(`connection-loss.test: ${step} did not end within 60 s`);
    };
    await bounded('the poller', async () => poller?.stop());
    await bounded('the event bus', async () => bus?.close());
    await bounded('the app', async () => t?.close());
  });

  /** Terminates every other backend of this test's database (the pool's and the listener's). */
  async function terminateOwnBackends(): Promise<number> {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const res = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
      return res.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  interface Tally {
    acked: number;
    saveUnavailable: number;
    unavailable: number;
    other: string[];
  }

  /** One client's steady mixed load: save, list, read user info; any answer but 200 or 503 is kept. */
  async function load(client: TestClient, rounds: number, tally: Tally, onRound: () => Promise<void>) {
    for (let round = 0; round < rounds; round++) {
      const save = await client.post('/item/save/bookmark', {
        url: `https://example.com/${client.name}/${round}`,
        title: `Page ${round}`,
        tags: 'fault',
      });
      if (save.statusCode === 200) tally.acked += 1;
      else if (save.statusCode === 503) tally.saveUnavailable += 1;
      else tally.other.push(`save ${save.statusCode} ${save.body}`);
      for (const res of [
        await client.get('/interact_api/load_user_items', { username: client.name }),
        await client.get('/interact_api/load_user_info'),
      ]) {
        if (res.statusCode === 503) tally.unavailable += 1;
        else if (res.statusCode !== 200) tally.other.push(`read ${res.statusCode} ${res.body}`);
      }
      await onRound();
    }
  }

  it('stays up, answers 503 only while the connections are lost, and recovers everything', async () => {
    const clients = await Promise.all([t.signUp(), t.signUp(), t.signUp(), t.signUp()]);
    const tallies = clients.map(() => ({
      acked: 0,
      saveUnavailable: 0,
      unavailable: 0,
      other: [] as string[],
    }));
    let rounds = 0;
    const terminated: number[] = [];
    // the terminations come at fixed points of the load, not at times, so a slow machine sees both
    const onRound = async () => {
      rounds += 1;
      if (rounds === 20 || rounds === 60) terminated.push(await terminateOwnBackends());
    };
    const ROUNDS = 25;
    await Promise.all(clients.map((c, i) => load(c, ROUNDS, tallies[i]!, onRound)));

    expect(terminated).toHaveLength(2);
    expect(terminated.every((n) => n > 0)).toBe(true);
    for (const tally of tallies) expect(tally.other).toEqual([]);

    // after the load: every call answers again
    for (const [i, client] of clients.entries()) {
      const list = await client.get('/interact_api/load_user_items', { username: client.name });
      expect(list.statusCode).toBe(200);
      const { total } = list.json() as { total: number };
      const [real] = await queryRows<{ n: number }>(
        database.db,
        sql`SELECT count(*)::int AS n FROM items i JOIN users u ON u.id = i.user_id WHERE u.name = ${client.name!}`,
      );
      // the counter kept by the database equals a recount; every acknowledged save is there, and
      // a save that answered 503 may have committed just before its connection went
      expect(total).toBe(real!.n);
      const tally = tallies[i]!;
      expect(total).toBeGreaterThanOrEqual(tally.acked);
      expect(total).toBeLessThanOrEqual(tally.acked + tally.saveUnavailable);
    }

    // the live bus's listener came back (it reconnects after a back-off)
    const heard: unknown[] = [];
    bus.subscribe('fault:probe', (payload) => heard.push(payload));
    await expect
      .poll(
        async () => {
          await bus.publish('fault:probe', { n: heard.length });
          return heard.length;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBeGreaterThan(0);
    expect(busLog.some((m) => m.includes('connection lost'))).toBe(true);

    // the poller kept polling: a job queued now runs
    await poller.enqueue(database.db, probe, { n: 42 });
    await expect.poll(() => polled, { timeout: 15_000 }).toContain(42);
  }, 180_000);
});
