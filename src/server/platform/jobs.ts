import { sql } from 'drizzle-orm';
import { type Db, type Executor, queryRows } from '../db/client.ts';
import type { Clock } from './clock.ts';

/**
 * Background work in the `jobs` table. Any instance may run any job: a batch is claimed with
 * FOR UPDATE SKIP LOCKED (two instances never claim the same row) and leased; a lease that
 * runs out (the instance stopped mid-job) makes the job claimable again. Failures are retried
 * with exponential backoff until the job's attempts are used up, then kept as 'failed'.
 */

export interface Job {
  id: number;
  kind: string;
  payload: unknown;
  userId: number | null;
  /** 1 on the first run */
  attempt: number;
  /** no retry follows if this run fails */
  lastAttempt: boolean;
}
export type JobHandler = (job: Job) => Promise<void>;

export interface EnqueueInput {
  kind: string;
  payload?: Record<string, unknown>;
  userId?: number;
  /** while a job with this kind and key is queued, enqueuing another does nothing */
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
}

/** A failure that retrying cannot fix: the job fails at once. */
export class PermanentJobError extends Error {}

export interface JobQueueOptions {
  /** first retry delay; each later one doubles it */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  leaseMs?: number;
  batchSize?: number;
  onError?: (message: string, err: unknown) => void;
}

export interface RunSummary {
  succeeded: number;
  retried: number;
  failed: number;
}

interface ClaimedRow {
  id: string | number;
  kind: string;
  payload: unknown;
  user_id: string | number | null;
  attempts: number;
  max_attempts: number;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly opts: Required<Omit<JobQueueOptions, 'onError'>>;
  private timer: NodeJS.Timeout | undefined;
  private tick: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: JobQueueOptions = {},
  ) {
    this.opts = {
      backoffBaseMs: options.backoffBaseMs ?? 30_000,
      backoffMaxMs: options.backoffMaxMs ?? 6 * 3_600_000,
      leaseMs: options.leaseMs ?? 5 * 60_000,
      batchSize: options.batchSize ?? 4,
    };
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Adds a job inside the caller's transaction, so it exists exactly when the caller's change does. */
  async enqueue(ex: Executor, input: EnqueueInput): Promise<void> {
    await ex.execute(sql`
      INSERT INTO jobs (kind, payload, user_id, dedupe_key, run_at, max_attempts)
      VALUES (${input.kind}, ${JSON.stringify(input.payload ?? {})}::jsonb, ${input.userId ?? null},
              ${input.dedupeKey ?? null}, ${ts(input.runAt ?? this.clock.now())}, ${input.maxAttempts ?? 5})
      ON CONFLICT (kind, dedupe_key) WHERE status = 'queued' DO NOTHING`);
  }

  /** The delay before retry number `attempt` (1-based): base, 2x base, 4x base, ... capped. */
  backoffMs(attempt: number): number {
    return Math.min(this.opts.backoffBaseMs * 2 ** (attempt - 1), this.opts.backoffMaxMs);
  }

  /** Runs every job due now, batch by batch, until none is left; the poller and tests call it. */
  async runDueJobs(): Promise<RunSummary> {
    const summary: RunSummary = { succeeded: 0, retried: 0, failed: 0 };
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return summary;
      const results = await Promise.all(claimed.map((row) => this.runOne(row)));
      for (const r of results) summary[r] += 1;
    }
  }

  private async claim(): Promise<ClaimedRow[]> {
    const now = this.clock.now();
    const leaseEnd = new Date(now.getTime() + this.opts.leaseMs);
    return queryRows<ClaimedRow>(
      this.db,
      sql`UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = ${ts(leaseEnd)}
          WHERE id IN (
            SELECT id FROM jobs
            WHERE (status = 'queued' AND run_at <= ${ts(now)})
               OR (status = 'running' AND locked_until < ${ts(now)})
            ORDER BY run_at, id
            LIMIT ${this.opts.batchSize}
            FOR UPDATE SKIP LOCKED)
          RETURNING id, kind, payload, user_id, attempts, max_attempts`,
    );
  }

  private async runOne(row: ClaimedRow): Promise<keyof RunSummary> {
    const id = Number(row.id);
    const job: Job = {
      id,
      kind: row.kind,
      payload: row.payload,
      userId: row.user_id === null ? null : Number(row.user_id),
      attempt: row.attempts,
      lastAttempt: row.attempts >= row.max_attempts,
    };
    try {
      const handler = this.handlers.get(row.kind);
      if (!handler) throw new PermanentJobError(`No handler for job kind '${row.kind}'.`);
      await handler(job);
      await this.db.execute(sql`DELETE FROM jobs WHERE id = ${id}`);
      return 'succeeded';
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (job.lastAttempt || err instanceof PermanentJobError) {
        this.options.onError?.(`job ${id} (${row.kind}) failed for good`, err);
        await this.db.execute(
          sql`UPDATE jobs SET status = 'failed', last_error = ${message}, locked_until = NULL WHERE id = ${id}`,
        );
        return 'failed';
      }
      const runAt = new Date(this.clock.now().getTime() + this.backoffMs(job.attempt));
      await this.db.transaction(async (tx) => {
        // A newer job with the same key was queued meanwhile: it supersedes this one.
        await tx.execute(sql`DELETE FROM jobs j WHERE j.id = ${id} AND j.dedupe_key IS NOT NULL AND EXISTS (
          SELECT 1 FROM jobs o WHERE o.kind = j.kind AND o.dedupe_key = j.dedupe_key AND o.status = 'queued')`);
        await tx.execute(sql`UPDATE jobs SET status = 'queued', run_at = ${ts(runAt)}, last_error = ${message},
          locked_until = NULL WHERE id = ${id}`);
      });
      return 'retried';
    }
  }

  /** Polls every `intervalMs` until stop(); main.ts starts it, tests call runDueJobs() instead. */
  start(intervalMs: number): void {
    this.stopped = false;
    const loop = () => {
      this.tick = this.runDueJobs()
        .catch((err) => this.options.onError?.('job poll failed', err))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, intervalMs);
        });
    };
    this.timer = setTimeout(loop, intervalMs);
  }

  /** Stops polling and waits for the batch in hand to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.tick;
  }
}
