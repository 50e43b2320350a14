import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TestClock } from '../../../test/helpers/clock.ts';
import { freshDatabase, type TestDatabase } from '../../../test/helpers/database.ts';
import { openPostgres, queryRows } from '../db/client.ts';
import { defineJob, type Job, JobQueue, jobType, PermanentJobError } from './jobs.ts';

const anyPayload = z.object({}).loose();
const kind = (name: string) => jobType(name, anyPayload);
const numbered = jobType('work', z.object({ n: z.number().int() }));

let database: TestDatabase;
let clock: TestClock;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  clock = new TestClock();
  await database.db.execute(sql`DELETE FROM jobs`);
});

const rows = () =>
  queryRows<{ kind: string; status: string; attempts: number; last_error: string | null; run_at: Date }>(
    database.db,
    sql`SELECT kind, status, attempts, last_error, run_at FROM jobs ORDER BY id`,
  );

describe('JobQueue', () => {
  it('runs a due job by kind with its parsed payload, then keeps it as done', async () => {
    const queue = new JobQueue(database.db, clock);
    const seen: Job<{ n: number }>[] = [];
    queue.register(
      defineJob('echo', z.object({ n: z.number() }), async (job) => {
        seen.push(job);
      }),
    );
    await queue.enqueue(database.db, jobType('echo', z.object({ n: z.number() })), { n: 7 });
    expect(await queue.runDueJobs()).toEqual({ succeeded: 1, retried: 0, failed: 0 });
    expect(seen).toMatchObject([{ kind: 'echo', payload: { n: 7 }, attempt: 1, lastAttempt: false }]);
    expect(await rows()).toMatchObject([{ kind: 'echo', status: 'done', attempts: 1 }]);
  });

  it('hands back a job still running when a stop runs out of time, its attempt not counted', async () => {
    const queue = new JobQueue(database.db, clock);
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finish!: () => void;
    const held = new Promise<void>((resolve) => {
      finish = resolve;
    });
    queue.register(
      defineJob(kind('slow'), async () => {
        started();
        await held;
      }),
    );
    await queue.enqueue(database.db, kind('slow'), {});
    queue.start(1);
    await running;
    expect(await queue.stop(10)).toBe(1);
    expect(await rows()).toMatchObject([{ kind: 'slow', status: 'queued', attempts: 0 }]);
    // the handler ending late does not mark done a job it no longer holds
    finish();
    await queue.stop();
    expect(await rows()).toMatchObject([{ kind: 'slow', status: 'queued', attempts: 0 }]);
  });

  it('parses the payload when it reads the job: one that no longer fits fails for good', async () => {
    const queue = new JobQueue(database.db, clock);
    let runs = 0;
    queue.register(
      defineJob(numbered, async () => {
        runs += 1;
      }),
    );
    await database.db.execute(
      sql`INSERT INTO jobs (kind, payload, run_at)
          VALUES ('work', '{"n": "seven"}'::jsonb, ${clock.now().toISOString()}::timestamptz)`,
    );
    expect(await queue.runDueJobs()).toEqual({ succeeded: 0, retried: 0, failed: 1 });
    expect(runs).toBe(0);
    const [row] = await rows();
    expect(row!.status).toBe('failed');
    expect(row!.last_error).toContain("does not fit job kind 'work'");
  });

  it('refuses to enqueue a payload its kind does not accept', async () => {
    const queue = new JobQueue(database.db, clock);
    await expect(
      queue.enqueue(database.db, numbered, { n: 1.5 } as unknown as { n: number }),
    ).rejects.toThrow();
    expect(await rows()).toEqual([]);
  });

  it('prunes finished and failed jobs once the retention period has passed, never queued ones', async () => {
    const queue = new JobQueue(database.db, clock, { retentionMs: 86_400_000 });
    queue.register(
      defineJob(kind('ok'), async () => {}),
      defineJob(kind('bad'), async () => {
        throw new PermanentJobError('no');
      }),
    );
    await queue.enqueue(database.db, kind('ok'), {});
    await queue.enqueue(database.db, kind('bad'), {});
    await queue.enqueue(
      database.db,
      kind('ok'),
      {},
      { runAt: new Date(clock.now().getTime() + 3 * 86_400_000) },
    );
    await queue.runDueJobs();
    expect((await rows()).map((r) => r.status)).toEqual(['done', 'failed', 'queued']);

    clock.advance(86_400_000);
    expect(await queue.prune()).toBe(0);
    clock.advance(1);
    expect(await queue.prune()).toBe(2);
    expect((await rows()).map((r) => r.status)).toEqual(['queued']);
  });

  it('waits for run_at', async () => {
    const queue = new JobQueue(database.db, clock);
    let runs = 0;
    queue.register(
      defineJob(kind('later'), async () => {
        runs += 1;
      }),
    );
    await queue.enqueue(database.db, kind('later'), {}, { runAt: new Date(clock.now().getTime() + 60_000) });
    await queue.runDueJobs();
    expect(runs).toBe(0);
    clock.advance(60_000);
    await queue.runDueJobs();
    expect(runs).toBe(1);
  });

  it('retries a failure with exponential backoff, then fails for good after max attempts', async () => {
    const queue = new JobQueue(database.db, clock, { backoffBaseMs: 1_000 });
    const attempts: number[] = [];
    queue.register(
      defineJob(kind('flaky'), async (job) => {
        attempts.push(job.attempt);
        throw new Error(`boom ${job.attempt}`);
      }),
    );
    await queue.enqueue(database.db, kind('flaky'), {}, { maxAttempts: 3 });
    expect(await queue.runDueJobs()).toEqual({ succeeded: 0, retried: 1, failed: 0 });
    const [first] = await rows();
    expect(first).toMatchObject({ status: 'queued', attempts: 1, last_error: 'boom 1' });
    expect(new Date(first!.run_at).getTime()).toBe(clock.now().getTime() + 1_000);

    clock.advance(999);
    expect(await queue.runDueJobs()).toEqual({ succeeded: 0, retried: 0, failed: 0 });
    clock.advance(1);
    await queue.runDueJobs();
    const [second] = await rows();
    expect(new Date(second!.run_at).getTime()).toBe(clock.now().getTime() + 2_000);

    clock.advance(2_000);
    expect(await queue.runDueJobs()).toEqual({ succeeded: 0, retried: 0, failed: 1 });
    expect(attempts).toEqual([1, 2, 3]);
    expect(await rows()).toMatchObject([{ status: 'failed', attempts: 3, last_error: 'boom 3' }]);
    clock.advance(3_600_000);
    expect(await queue.runDueJobs()).toEqual({ succeeded: 0, retried: 0, failed: 0 });
  });

  it('fails at once on a permanent error or an unknown kind', async () => {
    const queue = new JobQueue(database.db, clock);
    queue.register(
      defineJob(kind('hopeless'), async () => {
        throw new PermanentJobError('not fixable');
      }),
    );
    await queue.enqueue(database.db, kind('hopeless'), {});
    await queue.enqueue(database.db, kind('nobody-handles-this'), {});
    expect(await queue.runDueJobs()).toEqual({ succeeded: 0, retried: 0, failed: 2 });
    expect((await rows()).map((r) => [r.status, r.last_error])).toEqual([
      ['failed', 'not fixable'],
      ['failed', "No handler for job kind 'nobody-handles-this'."],
    ]);
  });

  it('keeps one queued job per dedupe key', async () => {
    const queue = new JobQueue(database.db, clock);
    await queue.enqueue(database.db, kind('capture'), {}, { dedupeKey: 'item:1' });
    await queue.enqueue(database.db, kind('capture'), {}, { dedupeKey: 'item:1' });
    await queue.enqueue(database.db, kind('capture'), {}, { dedupeKey: 'item:2' });
    expect(await rows()).toHaveLength(2);
  });

  it('claims again a job whose lease ran out (its instance stopped mid-job)', async () => {
    const queue = new JobQueue(database.db, clock, { leaseMs: 10_000 });
    await queue.enqueue(database.db, kind('orphan'), {});
    await database.db.execute(
      sql`UPDATE jobs SET status = 'running', attempts = 1, locked_until = ${new Date(clock.now().getTime() + 10_000).toISOString()}::timestamptz`,
    );
    let runs = 0;
    queue.register(
      defineJob(kind('orphan'), async () => {
        runs += 1;
      }),
    );
    await queue.runDueJobs();
    expect(runs).toBe(0);
    clock.advance(10_001);
    await queue.runDueJobs();
    expect(runs).toBe(1);
  });

  // Two pools are two instances: PGlite has one connection, so it cannot show this.
  it.runIf(process.env.FOLIO_TEST_DB === 'postgres')(
    'two instances on one PostgreSQL database never run the same job twice',
    async () => {
      const [first, second] = [await openPostgres(database.url!, 4), await openPostgres(database.url!, 4)];
      const ran: number[] = [];
      // No handler finishes before both instances have claimed work: each claims while the
      // other holds running jobs, which it must skip.
      const started = new Set<string>();
      let bothStarted: () => void = () => {};
      const overlap = new Promise<void>((resolve) => {
        bothStarted = resolve;
      });
      const handler = (instance: string) => async (job: Job<{ n: number }>) => {
        ran.push(job.payload.n);
        started.add(instance);
        if (started.size === 2) bothStarted();
        await overlap;
      };
      const a = new JobQueue(first.db, clock, { batchSize: 2 });
      const b = new JobQueue(second.db, clock, { batchSize: 2 });
      a.register(defineJob(numbered, handler('a')));
      b.register(defineJob(numbered, handler('b')));
      for (let n = 0; n < 60; n++) await a.enqueue(database.db, numbered, { n });
      const [ra, rb] = await Promise.all([a.runDueJobs(), b.runDueJobs()]);
      await Promise.all([first.close(), second.close()]);
      expect(ra.succeeded).toBeGreaterThan(0);
      expect(rb.succeeded).toBeGreaterThan(0);
      expect([...ran].sort((x, y) => x - y)).toEqual([...Array(60).keys()]);
    },
  );

  it('polls until stopped', async () => {
    const queue = new JobQueue(database.db, clock);
    let runs = 0;
    queue.register(
      defineJob(kind('tick'), async () => {
        runs += 1;
      }),
    );
    await queue.enqueue(database.db, kind('tick'), {});
    queue.start(5);
    await expect.poll(() => runs, { timeout: 2_000 }).toBe(1);
    await queue.stop();
  });
});
