import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;

/** Background work shared by every instance; claimed with FOR UPDATE SKIP LOCKED (platform/jobs.ts). */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    /** at most one queued job per key (e.g. one capture per item) */
    dedupeKey: text('dedupe_key'),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    /** when a queued job is due; when a done or failed job ended (pruning counts from it) */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    /** a running job whose lease has passed was abandoned by a stopped instance and is claimed again */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** the id of the request that queued the job (X-Request-Id or Fastify's), logged when it runs */
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'queued'`),
    index('jobs_lease_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    index('jobs_user_idx').on(t.userId),
    uniqueIndex('jobs_queued_dedupe_uq').on(t.kind, t.dedupeKey).where(sql`${t.status} = 'queued'`),
  ],
);
