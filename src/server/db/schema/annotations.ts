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
import { items } from './items.ts';

/**
 * A highlight (or float note, or Kindle highlight) on an item (spec part 1 §3). `selector` is the
 * anchor as W3C Web Annotation selectors (TextQuoteSelector, TextPositionSelector; a PDF page and
 * position; a Kindle location); `annMd5` identifies it within its item, so imports never repeat one.
 */
export const annotations = pgTable(
  'annotations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** text 0, float note 2, extension 5, attached image 8, pdf highlight 9, kindle highlight 10 */
    shape: integer('shape').notNull(),
    content: text('content').notNull().default(''),
    annMd5: text('ann_md5').notNull(),
    color: text('color').notNull().default('yellow'),
    selector: jsonb('selector'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('annotations_item_md5_uq').on(t.itemId, t.annMd5),
    index('annotations_item_idx').on(t.itemId, t.id),
    index('annotations_user_idx').on(t.userId),
  ],
);

/** A sticky note on a highlight (sMode 2). */
export const stickyNotes = pgTable(
  'sticky_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    annotationId: bigint('annotation_id', { mode: 'number' })
      .notNull()
      .references(() => annotations.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    sMode: integer('s_mode').notNull().default(2),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sticky_notes_annotation_idx').on(t.annotationId),
    index('sticky_notes_item_idx').on(t.itemId),
  ],
);
