import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Third-party sign-in connections (OpenID Connect): one account at a provider signs in to one user,
 * and a user has at most one connection per provider. No provider token is kept: the ID token is
 * read once at sign-in and dropped.
 */
export const userConnections = pgTable(
  'user_connections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the configured provider's key: google, openid */
    provider: text('provider').notNull(),
    /** the provider's issuer when connected: a new issuer under the same key is another account space */
    issuer: text('issuer').notNull(),
    /** the ID token's `sub`: stable at that issuer */
    subject: text('subject').notNull(),
    /** what the user recognises the account by (e-mail address, else name), shown in Settings */
    identify: text('identify').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_connections_subject_uq').on(t.issuer, t.subject),
    uniqueIndex('user_connections_user_provider_uq').on(t.userId, t.provider),
    index('user_connections_user_idx').on(t.userId),
  ],
);

/**
 * The sign-in round trips (OpenID Connect) already answered, by their state's SHA-256: a callback
 * replayed with its flow cookie is refused by any instance, before the provider is asked. A row is
 * needed only while its flow cookie could still be accepted (expires_at); older ones are pruned.
 */
export const oidcUsedStates = pgTable(
  'oidc_used_states',
  {
    stateHash: text('state_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('oidc_used_states_expires_idx').on(t.expiresAt)],
);
