import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * A user's webhooks (issue 30 part 2). The signing secret is sealed with SECRETS_KEY, not hashed:
 * signing a delivery needs it in the clear. `failures` counts failed deliveries in a row; at the
 * limit the webhook is turned off (`enabled` false) and its owner mailed once.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    failures: integer('failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
  },
  (t) => [index('webhooks_user_id_idx').on(t.userId)],
);

/** Each delivery attempt of a webhook: its log, the last WEBHOOK_LOG_KEPT per webhook. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webhookId: bigint('webhook_id', { mode: 'number' })
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** the event's id (X-Folio-Delivery): every attempt of one event shares it */
    eventId: text('event_id').notNull(),
    event: text('event').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    attempt: integer('attempt').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
  },
  (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id)],
);
