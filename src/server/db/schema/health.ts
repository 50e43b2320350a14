import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { items } from './items.ts';

/**
 * The last link-health check of a bookmark (modules/health): its state for the URL it was checked
 * at (a bookmark whose URL changed since counts as unchecked), and when it is due again.
 */
export const linkChecks = pgTable(
  'link_checks',
  {
    itemId: bigint('item_id', { mode: 'number' })
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** unchecked | ok | redirected | gone | unreachable | changed */
    state: text('state').notNull().default('unchecked'),
    /** the HTTP status of the last answer (null: none, e.g. a timeout or a name that does not resolve) */
    status: integer('status'),
    finalUrl: text('final_url'),
    /** the share of the saved copy's words that differ from the page's readable text now */
    changedRatio: real('changed_ratio'),
    /** failures in a row that a later try may clear (timeouts, 5xx); two make the link unreachable */
    /** the page's readable text when it was found changed, for the side-by-side view */
    changedText: text('changed_text'),
    failures: integer('failures').notNull().default(0),
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('link_checks_due_idx').on(t.nextCheckAt),
    index('link_checks_user_state_idx').on(t.userId, t.state),
  ],
);

/** When each host may be asked again: the per-host spacing, shared by every instance. */
export const linkCheckHosts = pgTable('link_check_hosts', {
  host: text('host').primaryKey(),
  nextAt: timestamp('next_at', { withTimezone: true }).notNull(),
});

/**
 * A page copy an "Update copy" replaced: the reader can switch back to it, and the highlights that
 * were not found on the new copy stay on it (annotations.page_version_id).
 */
export const itemPageVersions = pgTable(
  'item_page_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    sourceUrl: text('source_url').notNull(),
    finalUrl: text('final_url').notNull(),
    title: text('title').notNull().default(''),
    html: text('html').notNull(),
    text: text('text').notNull(),
    pictures: jsonb('pictures').$type<string[]>().notNull().default([]),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('item_page_versions_item_idx').on(t.itemId),
    index('item_page_versions_user_idx').on(t.userId),
  ],
);
