import { bigint, bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** A user's rule: items saved or imported that match `query` get `actions` (modules/rules). */
export const rules = pgTable(
  'rules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** the library page's query string (what=...&unread=yes) */
    query: text('query').notNull(),
    actions: jsonb('actions').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rules_user_idx').on(t.userId, t.id)],
);
