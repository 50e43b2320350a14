import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, type Executor, queryRows } from '../db/client.ts';
import type { Clock } from './clock.ts';
import { currentRequestId } from './request-context.ts';

/**
 * Background work in the `jobs` table. Any instance may run any job: a batch is claimed with
 * FOR UPDATE SKIP LOCKED (two instances never claim the same row) and leased; a lease that
 * runs out (the instance stopped mid-job) makes the job claimable again. Failures are retried
 * with exponential backoff until the job's attempts are used up, then kept as 'failed'. Finished
 * ('done') and failed jobs stay for a retention period (the poller prunes them), so an operator can
 * see what ran; for them run_at is when they ended.
 *
 * A job kind has a zod payload schema: enqueuing takes only that payload, and the payload is
 * parsed again when the job is read (a row from an older release, or edited by hand, that no
 * longer fits fails for good instead of reaching the handler malformed).
 */

/** A kind of job and its payload: what an enqueuer needs, without the handler. */
export interface JobType<P> {
  readonly kind: string;
  readonly payload: z.ZodType<P>;
}

export interface Job<P = unknown> {
  id: number;
  kind: string;
  payload: P;
  userId: number | null;
  /** 1 on the first run */
  attempt: number;
  /** no retry follows if this run fails */
  lastAttempt: boolean;
  /** the request that queued it (its logs and the job's share this id), null for the poller's own */
  requestId: string | null;
}
export type JobHandler<P> = (job: Job<P>) => Promise<void>;

/** A job type with its handler, registered where the app is wired (jobs-wiring.ts). */
export interface JobDefinition<P> extends JobType<P> {
  // method syntax: a definition of any payload type can join the queue's one list
  handler(job: Job<P>): Promise<void>;
}

/** Declares a job kind by name and payload schema, for enqueuers that live apart from the handler. */
export function jobType<S extends z.ZodType>(kind: string, payload: S): JobType<z.output<S>> {
  return { kind, payload: payload as z.ZodType<z.output<S>> };
}

/** A job kind and its handler: `defineJob(type, handler)`, or `defineJob(kind, zodPayload, handler)`. */
export function defineJob<P>(type: JobType<P>, handler: JobHandler<P>): JobDefinition<P>;
export function defineJob<S extends z.ZodType>(
  kind: string,
  payload: S,
  handler: JobHandler<z.output<S>>,
): JobDefinition<z.output<S>>;
export function defineJob<P>(
  type: JobType<P> | string,
  payloadOrHandler: z.ZodType<P> | JobHandler<P>,
  handler?: JobHandler<P>,
): JobDefinition<P> {
  if (typeof type === 'string') {
    return { kind: type, payload: payloadOrHandler as z.ZodType<P>, handler: handler! };
  }
  return { kind: type.kind, payload: type.payload, handler: payloadOrHandler as JobHandler<P> };
}

export interface EnqueueOptions {
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
  /** finished and failed jobs are deleted this long after they ended */
  retentionMs?: number;
  /** how often the poller prunes */
  pruneEveryMs?: number;
  onError?: (message: string, err: unknown) => void;
}

/** Hears each run: the app's logs and metrics. */
export interface JobObserver {
  started(job: Job): void;
  finished(job: Job, outcome: keyof RunSummary, seconds: number, err?: unknown): void;
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
  request_id: string | null;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export const DEFAULT_JOB_RETENTION_MS = 7 * 24 * 3_600_000;

export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition<unknown>>();
  private lastPrune = Number.NEGATIVE_INFINITY;
  private readonly opts: Required<Omit<JobQueueOptions, 'onError'>>;
  private timer: NodeJS.Timeout | undefined;
  private tick: Promise<unknown> | undefined;
  private stopped = false;
  private readonly observers: JobObserver[] = [];
  /** ids of the jobs this instance is running: their leases are released if it must stop first */
  private readonly inHand = new Set<number>();

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
      retentionMs: options.retentionMs ?? DEFAULT_JOB_RETENTION_MS,
      pruneEveryMs: options.pruneEveryMs ?? 3_600_000,
    };
  }

  /** Each definition's payload type is checked where it is made (defineJob); here they are one list. */
  register(...definitions: JobDefinition<unknown>[]): void {
    for (const d of definitions) this.definitions.set(d.kind, d);
  }

  observe(observer: JobObserver): void {
    this.observers.push(observer);
  }

  /** Adds a job inside the caller's transaction, so it exists exactly when the caller's change does. */
  async enqueue<P>(ex: Executor, type: JobType<P>, payload: P, options: EnqueueOptions = {}): Promise<void> {
    // the same schema parses it when it is read; refusing here names the enqueuer's mistake
    const checked = type.payload.parse(payload);
    await ex.execute(sql`
      INSERT INTO jobs (kind, payload, user_id, dedupe_key, run_at, max_attempts, request_id)
      VALUES (${type.kind}, ${JSON.stringify(checked ?? {})}::jsonb, ${options.userId ?? null},
              ${options.dedupeKey ?? null}, ${ts(options.runAt ?? this.clock.now())}, ${options.maxAttempts ?? 5},
              ${currentRequestId() ?? null})
      ON CONFLICT (kind, dedupe_key) WHERE status = 'queued' DO NOTHING`);
  }

  /**
   * `enqueue`, except that a job of the same dedupe key still waiting takes this payload: the newer
   * request carries what the job must work on (a page copy sent again replaces the one queued).
   */
  async enqueueLatest<P>(
    ex: Executor,
    type: JobType<P>,
    payload: P,
    options: EnqueueOptions & { dedupeKey: string },
  ): Promise<void> {
    const checked = type.payload.parse(payload);
    await ex.execute(sql`
      INSERT INTO jobs (kind, payload, user_id, dedupe_key, run_at, max_attempts)
      VALUES (${type.kind}, ${JSON.stringify(checked ?? {})}::jsonb, ${options.userId ?? null},
              ${options.dedupeKey}, ${ts(options.runAt ?? this.clock.now())}, ${options.maxAttempts ?? 5})
      ON CONFLICT (kind, dedupe_key) WHERE status = 'queued'
      DO UPDATE SET payload = EXCLUDED.payload, run_at = EXCLUDED.run_at`);
  }

  /** Many jobs of one kind in one INSERT (an import's captures); the same rules as enqueue. */
  async enqueueMany<P>(
    ex: Executor,
    type: JobType<P>,
    jobs: { payload: P; options?: EnqueueOptions }[],
  ): Promise<void> {
    if (!jobs.length) return;
    const requestId = currentRequestId() ?? null;
    const rows = jobs.map(({ payload, options = {} }) => {
      const checked = type.payload.parse(payload);
      return sql`(${type.kind}, ${JSON.stringify(checked ?? {})}::jsonb, ${options.userId ?? null},
        ${options.dedupeKey ?? null}, ${ts(options.runAt ?? this.clock.now())}, ${options.maxAttempts ?? 5},
        ${requestId})`;
    });
    await ex.execute(sql`
      INSERT INTO jobs (kind, payload, user_id, dedupe_key, run_at, max_attempts, request_id)
      VALUES ${sql.join(rows, sql`, `)}
      ON CONFLICT (kind, dedupe_key) WHERE status = 'queued' DO NOTHING`);
  }

  /** Deletes finished and failed jobs that ended more than the retention period ago. */
  async prune(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - this.opts.retentionMs);
    const gone = await queryRows<{ id: string }>(
      this.db,
      sql`DELETE FROM jobs WHERE status IN ('done', 'failed') AND run_at < ${ts(before)} RETURNING id`,
    );
    return gone.length;
  }

  /** The delay before retry number `attempt` (1-based): base, 2x base, 4x base, ... capped. */
  backoffMs(attempt: number): number {
    return Math.min(this.opts.backoffBaseMs * 2 ** (attempt - 1), this.opts.backoffMaxMs);
  }

  /** Runs every job due now, batch by batch, until none is left; the poller and tests call it. */
  async runDueJobs(): Promise<RunSummary> {
    const summary: RunSummary = { succeeded: 0, retried: 0, failed: 0 };
    for (;;) {
      // a stopping instance claims nothing more: what it would take is another instance's
      if (this.stopped) return summary;
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
          RETURNING id, kind, payload, user_id, attempts, max_attempts, request_id`,
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
      requestId: row.request_id,
    };
    const started = performance.now();
    this.inHand.add(id);
    for (const o of this.observers) o.started(job);
    const outcome = await this.attempt(row, job);
    this.inHand.delete(id);
    for (const o of this.observers)
      o.finished(job, outcome.result, (performance.now() - started) / 1000, outcome.err);
    return outcome.result;
  }

  private async attempt(row: ClaimedRow, job: Job): Promise<{ result: keyof RunSummary; err?: unknown }> {
    const id = job.id;
    try {
      const definition = this.definitions.get(row.kind);
      if (!definition) throw new PermanentJobError(`No handler for job kind '${row.kind}'.`);
      const parsed = definition.payload.safeParse(row.payload);
      if (!parsed.success) {
        throw new PermanentJobError(
          `The payload does not fit job kind '${row.kind}': ${parsed.error.message}`,
        );
      }
      await definition.handler({ ...job, payload: parsed.data });
      await this.db.execute(
        sql`UPDATE jobs SET status = 'done', run_at = ${ts(this.clock.now())}, last_error = NULL,
            locked_until = NULL WHERE id = ${id} AND status = 'running'`,
      );
      return { result: 'succeeded' };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (job.lastAttempt || err instanceof PermanentJobError) {
        this.options.onError?.(`job ${id} (${row.kind}) failed for good`, err);
        await this.db.execute(
          sql`UPDATE jobs SET status = 'failed', run_at = ${ts(this.clock.now())}, last_error = ${message},
              locked_until = NULL WHERE id = ${id} AND status = 'running'`,
        );
        return { result: 'failed', err };
      }
      const runAt = new Date(this.clock.now().getTime() + this.backoffMs(job.attempt));
      await this.db.transaction(async (tx) => {
        // A newer job with the same key was queued meanwhile: it supersedes this one.
        await tx.execute(sql`DELETE FROM jobs j WHERE j.id = ${id} AND j.status = 'running' AND j.dedupe_key IS NOT NULL AND EXISTS (
          SELECT 1 FROM jobs o WHERE o.kind = j.kind AND o.dedupe_key = j.dedupe_key AND o.status = 'queued')`);
        await tx.execute(sql`UPDATE jobs SET status = 'queued', run_at = ${ts(runAt)}, last_error = ${message},
          locked_until = NULL WHERE id = ${id} AND status = 'running'`);
      });
      return { result: 'retried', err };
    }
  }

  /** Runs what is due, and prunes when it is time; one turn of the poller. */
  private async poll(): Promise<void> {
    await this.runDueJobs();
    if (this.clock.now().getTime() - this.lastPrune >= this.opts.pruneEveryMs) {
      await this.prune();
      this.lastPrune = this.clock.now().getTime();
    }
  }

  /**
   * Polls every `intervalMs` until stop(); main.ts starts it, tests call runDueJobs() instead. A
   * failed turn (the database is unreachable) is logged and the next turn tries again.
   */
  start(intervalMs: number): void {
    this.stopped = false;
    const loop = () => {
      this.tick = this.poll()
        .catch((err) => this.options.onError?.('job poll failed', err))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, intervalMs);
        });
    };
    this.timer = setTimeout(loop, intervalMs);
  }

  /**
   * Stops polling and waits for the batch in hand to finish, at most `withinMs`: what is still
   * running then is handed back (queued again, its attempt not counted), so another instance takes
   * it at once instead of after its lease. Resolves to the number handed back.
   */
  async stop(withinMs = Number.POSITIVE_INFINITY): Promise<number> {
    this.stopped = true;
    clearTimeout(this.timer);
    let timer: NodeJS.Timeout | undefined;
    const outOfTime = new Promise<'late'>((resolve) => {
      if (Number.isFinite(withinMs)) timer = setTimeout(() => resolve('late'), withinMs);
    });
    const ended = await Promise.race([this.tick?.then(() => 'done' as const), outOfTime]);
    clearTimeout(timer);
    if (ended !== 'late' || this.inHand.size === 0) return 0;
    return this.releaseLeases();
  }

  /** Queues again the jobs this instance holds; their handlers' later writes find them no longer running. */
  async releaseLeases(): Promise<number> {
    const ids = [...this.inHand];
    if (!ids.length) return 0;
    const list = sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    );
    const released = await this.db.transaction(async (tx) => {
      // one queued job per key: a newer one queued meanwhile supersedes the one handed back
      await tx.execute(sql`DELETE FROM jobs j WHERE j.id IN (${list}) AND j.status = 'running'
        AND j.dedupe_key IS NOT NULL AND EXISTS (
          SELECT 1 FROM jobs o WHERE o.kind = j.kind AND o.dedupe_key = j.dedupe_key AND o.status = 'queued')`);
      return queryRows<{ id: string }>(
        tx,
        sql`UPDATE jobs SET status = 'queued', attempts = GREATEST(attempts - 1, 0), locked_until = NULL
            WHERE status = 'running' AND id IN (${list}) RETURNING id`,
      );
    });
    this.inHand.clear();
    return released.length;
  }
}
