import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { items } from './items.ts';

/**
 * An item's share link (spec part 1 §4, §7): 128 random bits that let anyone read the item, private
 * or not. One live key per item; revoking deletes the row (the old URL then answers 404) and the
 * next get_share_url makes a new key.
 */
export const itemShareLinks = pgTable(
  'item_share_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shareKey: text('share_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('item_share_links_key_uq').on(t.shareKey),
    uniqueIndex('item_share_links_item_uq').on(t.itemId),
    index('item_share_links_user_idx').on(t.userId),
  ],
);

/** An e-mail a user sent through Send an Email: what the daily limit counts. */
export const sentMessages = pgTable(
  'sent_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    recipientCount: integer('recipient_count').notNull(),
    itemIds: bigint('item_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sent_messages_user_created_idx').on(t.userId, t.createdAt)],
);

/** People a user has mailed (load_contacts): one row per address, newest first. */
export const mailContacts = pgTable(
  'mail_contacts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_contacts_user_email_uq').on(t.userId, t.email),
    index('mail_contacts_user_sent_idx').on(t.userId, t.lastSentAt.desc()),
  ],
);
