import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * POST /stats: how many times a day each feature flag was reported. Nothing here names a user, an
 * address or an item; days older than a year are pruned (modules/stats).
 */
export const featureStats = pgTable(
  'feature_stats',
  {
    /** the UTC day, YYYY-MM-DD */
    day: date('day', { mode: 'string' }).notNull(),
    flag: text('flag').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.flag] })],
);
