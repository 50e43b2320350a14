import { bigint, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * The private RSS feed of a whole library (setting privateRssFeed, premium only): a row while it is
 * on. Only the SHA-256 of its secret token is kept; turning the feed off deletes the row.
 */
export const rssFeeds = pgTable(
  'rss_feeds',
  {
    userId: bigint('user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rss_feeds_token_hash_uq').on(t.tokenHash)],
);
