import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Personal access tokens (issue 30): a script's or an assistant's key to its owner's library. Only
 * the token's keyed hash is stored (platform/auth/personal-tokens.ts); revoking deletes the row.
 */
export const personalTokens = pgTable(
  'personal_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'read' or 'write' (shared/api/define.ts TokenScope without 'none') */
    scope: text('scope').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** null: until revoked */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** written at most once a minute */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('personal_tokens_token_hash_uq').on(t.tokenHash),
    index('personal_tokens_user_id_idx').on(t.userId),
  ],
);
