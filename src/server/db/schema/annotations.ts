import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { groups } from './groups.ts';
import { itemPageVersions } from './health.ts';
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
    /**
     * An imported highlight: true once the server found its quote on the page copy, false while not
     * (no copy yet, or the text is not there: an orphan). Null for highlights made in the reader.
     */
    anchored: boolean('anchored'),
    /**
     * Set when an "Update copy" did not find the highlight on the new copy: it stays on that older
     * version of the page (an orphan of the current copy, never placed on other text).
     */
    pageVersionId: bigint('page_version_id', { mode: 'number' }).references(() => itemPageVersions.id, {
      onDelete: 'set null',
    }),
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

/**
 * The group scope of annotations (a group's annotation layer): a highlight, float note or PDF
 * highlight a member made on an item shared to the group, with its sticky note (one per annotation,
 * '' when none). Kept apart from the sharer's own annotations, which it never changes. Ids come
 * from the annotations' sequence, so the layer (the sharer's annotations beside these) never shows
 * two with one id; `annMd5` identifies it within its author's part of the layer, as in `annotations`.
 */
export const groupAnnotations = pgTable(
  'group_annotations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().default(sql`nextval('annotations_id_seq')`),
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shape: integer('shape').notNull(),
    content: text('content').notNull(),
    annMd5: text('ann_md5').notNull(),
    color: text('color').notNull().default('yellow'),
    selector: jsonb('selector'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_annotations_group_item_user_md5_uq').on(t.groupId, t.itemId, t.userId, t.annMd5),
    index('group_annotations_group_item_idx').on(t.groupId, t.itemId, t.id),
    index('group_annotations_item_idx').on(t.itemId),
    index('group_annotations_user_idx').on(t.userId),
  ],
);
