import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * POST /api/import: one row per uploaded file, from queued to done or failed, with the counts the
 * progress bar and the summary show. The file stays in the blob store (`blob_key`) until the import
 * ends. One import of a user runs at a time: a run takes the row only when none of the user's other
 * imports is running with a fresh heartbeat.
 */
export const imports = pgTable(
  'imports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    fileName: text('file_name').notNull().default(''),
    blobKey: text('blob_key'),
    /** queued | running | done | failed */
    state: text('state').notNull().default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    added: integer('added').notNull().default(0),
    merged: integer('merged').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** [{line?, entry?, message}], the first IMPORT_ERRORS_KEPT of them */
    errors: jsonb('errors').notNull().default(sql`'[]'::jsonb`),
    /** why the whole import failed */
    message: text('message'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('imports_user_idx').on(t.userId, t.id)],
);
