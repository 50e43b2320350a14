import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Part 2 §3 Settings: the preferences of one user (a row appears at the first change; absent means
 * the defaults), the e-mail address waiting for verification, and the premium RSS flag.
 */
export const userSettings = pgTable('user_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** the new address of a setEmail until its link is followed; the old one stays in use */
  unverifiedEmail: text('unverified_email'),
  newsletter: boolean('newsletter').notNull().default(true),
  importantOnly: boolean('important_only').notNull().default(false),
  whenContactJoin: boolean('when_contact_join').notNull().default(true),
  whenFollow: boolean('when_follow').notNull().default(true),
  followAuth: boolean('follow_auth').notNull().default(false),
  privateRssFeed: boolean('private_rss_feed').notNull().default(false),
  language: text('language').notNull().default('en'),
  /** how many of the newest unread items the user's devices keep for reading offline */
  offlineItems: integer('offline_items').notNull().default(50),
  /** the guides shown to the user (shared/schemas/settings.ts ACCOUNT_GUIDES), whatever the browser */
  guidesSeen: text('guides_seen').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Single-use links sent by mail (e-mail verification, password reset): only the token's keyed hash
 * is stored; a row is deleted when it is used, and is dead past `expires_at`.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** the address a verification link confirms */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('account_tokens_token_hash_uq').on(t.tokenHash),
    index('account_tokens_user_id_idx').on(t.userId),
  ],
);

/** Former user names, so old profile and library addresses lead to the renamed user. */
export const formerUserNames = pgTable(
  'former_user_names',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('former_user_names_name_lower_uq').on(sql`lower(${t.name})`),
    index('former_user_names_user_id_idx').on(t.userId),
  ],
);
