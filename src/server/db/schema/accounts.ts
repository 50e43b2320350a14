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

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    avatarUrl: text('avatar_url'),
    teacher: boolean('teacher').notNull().default(false),
    companyName: text('company_name'),
    companyUri: text('company_uri'),
    showClassic: boolean('show_classic').notNull().default(false),
    openTextView: boolean('open_text_view').notNull().default(true),
    plan: text('plan').notNull().default('free'),
    planUnit: text('plan_unit'),
    nextBillingAt: timestamp('next_billing_at', { withTimezone: true }),
    planExpiresAt: timestamp('plan_expires_at', { withTimezone: true }),
    annotationUsed: integer('annotation_used').notNull().default(0),
    pdfUsed: integer('pdf_used').notNull().default(0),
    imageUsed: integer('image_used').notNull().default(0),
    outlinerUsed: integer('outliner_used').notNull().default(0),
    cachedPageUsed: integer('cached_page_used').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_name_lower_uq').on(sql`lower(${t.name})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex; the token itself is never stored */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Failed sign-in counters (acct:…, dev:…, ip:…; see platform/auth/throttle.ts): each failure past
 * the free ones pushes `blocked_until` further out. Shared by all instances.
 */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
});

/** Request counts of the rate limits in fixed windows (platform/rate-limit), shared by all instances. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
