import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Premium billing (issue 20). The users row keeps what the rest of the app reads (plan, plan_unit,
 * next_billing_at, plan_expires_at); these tables keep how it is paid. Money is integer cents.
 */

/** A user's subscription and its stored payment method: a provider token, never a card number or CVC. */
export const subscriptions = pgTable('subscriptions', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: text('method', { enum: ['card', 'paypal'] }).notNull(),
  /** the provider's saved card token or billing agreement token */
  token: text('token').notNull(),
  brand: text('brand'),
  last4: text('last4'),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  /** what each renewal charges */
  renewalCents: integer('renewal_cents').notNull(),
  /** failed renewal attempts of the current term; the next retry is due at retry_at */
  failures: integer('failures').notNull().default(0),
  retryAt: timestamp('retry_at', { withTimezone: true }),
  /** the affiliate whose link brought the first payment */
  referredBy: bigint('referred_by', { mode: 'number' }).references(() => affiliates.id, {
    onDelete: 'set null',
  }),
  since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
});

/** Every movement of money: charges, refunds and affiliate commissions. Kept when a user is deleted. */
export const ledger = pgTable(
  'ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['charge', 'refund', 'commission'] }).notNull(),
    /** payment, upgrade, renewal, resubscribe, gift, referral */
    purpose: text('purpose').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** the provider's charge or refund id; the affiliate's id for a commission */
    reference: text('reference').notNull(),
    plan: text('plan'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ledger_user_idx').on(t.userId, t.createdAt)],
);

/** One row per payment attempt key: a repeated submit answers the stored reply, never charges again. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** null while the attempt runs */
    reply: jsonb('reply'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('idempotency_keys_uq').on(t.userId, t.key)],
);

/**
 * The user's purchase under way: one at a time per user, whichever instance serves it, so parallel
 * submits with different idempotency keys never reach the card twice. `token` names the holder
 * (only it releases the row); a row older than the stale limit (an instance died mid-payment) is
 * taken over.
 */
export const purchaseLocks = pgTable('purchase_locks', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
});

/** A PayPal-like checkout waiting for the buyer's approval: what to do once it is captured. */
export const premiumCheckouts = pgTable('premium_checkouts', {
  token: text('token').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  amountCents: integer('amount_cents').notNull(),
  intent: jsonb('intent').notNull(),
  status: text('status', { enum: ['pending', 'done', 'cancelled'] })
    .notNull()
    .default('pending'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A gift of a year of Professional: the redeem code is kept as a keyed hash, the link sealed for the buyer. */
export const gifts = pgTable(
  'gifts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    buyerId: bigint('buyer_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    codeHash: text('code_hash').notNull(),
    /** the code sealed with SECRETS_KEY, so the buyer's settings can show the link again */
    codeSealed: text('code_sealed').notNull(),
    recipient: text('recipient').notNull(),
    plan: text('plan').notNull(),
    status: text('status', { enum: ['sent', 'redeemed'] })
      .notNull()
      .default('sent'),
    redeemedBy: bigint('redeemed_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('gifts_code_hash_uq').on(t.codeHash), index('gifts_buyer_idx').on(t.buyerId)],
);

/** An affiliate: the code of their link and the commissions earned (paid out by the operator). */
export const affiliates = pgTable(
  'affiliates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    totalCents: integer('total_cents').notNull().default(0),
    paidOutCents: integer('paid_out_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('affiliates_user_uq').on(t.userId),
    uniqueIndex('affiliates_code_uq').on(sql`lower(${t.code})`),
  ],
);
