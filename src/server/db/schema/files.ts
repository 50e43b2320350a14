import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { items } from './items.ts';

/**
 * The uploaded file behind a pdf or image item: where its blob lives in the BlobStore, what it is,
 * its thumbnails, and (PDFs) the text extracted for full-text search.
 */
export const itemFiles = pgTable(
  'item_files',
  {
    itemId: bigint('item_id', { mode: 'number' })
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    blobKey: text('blob_key').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    width: integer('width'),
    height: integer('height'),
    pageCount: integer('page_count'),
    /** blob keys of the thumbnails by width, e.g. {"550": "...", "160": "...", "150": "..."} */
    thumbnails: jsonb('thumbnails').notNull().default({}),
    /** image preview rotation in degrees: 0, 90, 180 or 270 */
    rotation: integer('rotation').notNull().default(0),
    /** PDF text extraction: pending, done or failed; null for images */
    textStatus: text('text_status'),
    text: text('text'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('item_files_user_idx').on(t.userId)],
);
