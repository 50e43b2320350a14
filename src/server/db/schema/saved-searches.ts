import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A library search or filter kept under a name (the sidebar, the command palette). `query` is the
 * library page's query string, normalised (saved-searches.ts). The feed's secret is an HMAC of the
 * row and `feed_salt` under the server's secret: nothing stored here opens the feed.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    query: text('query').notNull(),
    feedSalt: text('feed_salt').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId, t.id)],
);
