import { bigint, bigserial, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** A user's blog accounts (issue 18 part 4); the password is AES-256-GCM sealed under SECRETS_KEY. */
export const blogAccounts = pgTable(
  'blog_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    service: text('service').notNull(),
    label: text('label').notNull(),
    url: text('url').notNull(),
    endPoint: text('end_point').notNull(),
    userName: text('user_name').notNull(),
    /** base64 of iv (12) | tag (16) | ciphertext */
    passwordSealed: text('password_sealed').notNull(),
    valid: boolean('valid').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blog_accounts_user_id_idx').on(t.userId)],
);
