import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { items } from './items.ts';

/**
 * The stored copy of a bookmarked page: sanitised reader HTML and its plain text. Kept out of
 * `items` so lists never read it; the searchable vector of the text lives on items.page_vector.
 */
export const itemPages = pgTable(
  'item_pages',
  {
    itemId: bigint('item_id', { mode: 'number' })
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** the item's URL when captured: a copy counts only while the item still has that URL */
    sourceUrl: text('source_url').notNull(),
    /** where the redirects ended */
    finalUrl: text('final_url').notNull(),
    title: text('title').notNull().default(''),
    html: text('html').notNull(),
    text: text('text').notNull(),
    leadImageUrl: text('lead_image_url'),
    /** blob keys of the page's pictures, stored with the copy so reading it never calls the site */
    pictures: jsonb('pictures').$type<string[]>().notNull().default([]),
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('item_pages_user_idx').on(t.userId)],
);
