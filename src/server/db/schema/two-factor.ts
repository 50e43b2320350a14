import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Two-factor sign-in (issue 19 point 6, beyond the spec): the user's TOTP seed, sealed with
 * platform/secret-box.ts. A row with `enabled_at` null is an enrolment waiting for its first code.
 */
export const twoFactor = pgTable('two_factor', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sealedSecret: text('sealed_secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** the TOTP time step of the last code accepted: a code is never taken twice in its window */
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes: only each code's keyed hash is stored; a used code's row is deleted. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
  },
  (t) => [
    uniqueIndex('two_factor_recovery_codes_hash_uq').on(t.codeHash),
    index('two_factor_recovery_codes_user_id_idx').on(t.userId),
  ],
);
