import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * POST /api/export/library and the scheduled backups: one row per run, from queued to ready or
 * failed. The file is in the blob store (`blob_key`, area `library-exports`) while the row keeps it:
 * an export asked for by hand until `expires_at` (a day after it is ready), a scheduled backup
 * (`scheduled`) until newer ones push it out of the schedule's last N.
 */
export const libraryExports = pgTable(
  'library_exports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    /** queued | running | ready | failed */
    state: text('state').notNull().default('queued'),
    scheduled: boolean('scheduled').notNull().default(false),
    blobKey: text('blob_key'),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
    /** why the run failed, or where a scheduled backup was sent */
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** null: kept until the schedule's retention removes it */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('library_exports_user_idx').on(t.userId, t.id)],
);

/**
 * A user's scheduled backup (Settings > Export): daily or weekly, the last `keep` kept on the
 * server, optionally copied to the user's WebDAV folder or Google Drive. `format` is 'folio' for
 * every schedule the app makes. A failure is mailed once: `failure_mailed` stays set until a run
 * succeeds.
 */
export const backupSchedules = pgTable(
  'backup_schedules',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** daily | weekly */
    frequency: text('frequency').notNull(),
    keep: integer('keep').notNull(),
    /** server | webdav | google_drive */
    destination: text('destination').notNull().default('server'),
    format: text('format').notNull().default('folio'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    /** ok | failed */
    lastResult: text('last_result'),
    lastMessage: text('last_message'),
    failureMailed: boolean('failure_mailed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('backup_schedules_due_idx').on(t.nextRunAt)],
);
