import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { tsvector } from './types.ts';

export const ITEM_TYPES = ['bookmark', 'image', 'note', 'pdf', 'topic', 'kindle'] as const;

export const items = pgTable(
  'items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    url: text('url'),
    /** lowercased host of url, for @host search */
    host: text('host'),
    srcUrl: text('src_url'),
    noteContent: text('note_content'),
    noteType: text('note_type'),
    unread: boolean('unread').notNull().default(false),
    private: boolean('private').notNull().default(true),
    localId: text('local_id'),
    thumbnailUrl: text('thumbnail_url'),
    downloadUrl: text('download_url'),
    permanentUrl: text('permanent_url'),
    outlinerIds: bigint('outliner_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
    annotationCount: integer('annotation_count').notNull().default(0),
    /** the owner's star (spec part 1 §6); only the owner sees it */
    starred: boolean('starred').notNull().default(false),
    searchVector: tsvector('search_vector'),
    /** captured page text, searched only by full-text search (snapshot=yes) */
    pageVector: tsvector('page_vector'),
    /** page capture: pending, done, failed or quota (skipped over the free plan's quota) */
    captureStatus: text('capture_status'),
    captureError: text('capture_error'),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    /** in the trash since (null: live); purged 30 days later. No list, search, count or share shows it */
    trashedAt: timestamp('trashed_at', { withTimezone: true }),
    /** shared/url-key.ts urlKey(url): what two saves of one page share (Duplicates) */
    urlKey: text('url_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // the lists read live items only: each ordered index holds just those (index-only page walks)
    index('items_user_updated_idx')
      .on(t.userId, t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.trashedAt} IS NULL`),
    index('items_user_created_idx')
      .on(t.userId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.trashedAt} IS NULL`),
    index('items_user_title_idx')
      .on(t.userId, sql`lower(${t.title})`, t.id)
      .where(sql`${t.trashedAt} IS NULL`),
    index('items_user_type_updated_idx')
      .on(t.userId, t.type, t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.trashedAt} IS NULL`),
    index('items_user_public_updated_idx')
      .on(t.userId, t.updatedAt.desc(), t.id.desc())
      .where(sql`NOT ${t.private} AND ${t.trashedAt} IS NULL`),
    index('items_user_unread_updated_idx')
      .on(t.userId, t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.unread} AND ${t.trashedAt} IS NULL`),
    index('items_user_starred_updated_idx')
      .on(t.userId, t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.starred} AND ${t.trashedAt} IS NULL`),
    // the Annotated filter (ann=yes) walks its own items, not every item testing its count
    index('items_user_annotated_updated_idx')
      .on(t.userId, t.updatedAt.desc(), t.id.desc())
      .where(sql`${t.annotationCount} > 0 AND ${t.trashedAt} IS NULL`),
    index('items_user_host_idx').on(t.userId, t.host),
    // btree_gin: one GIN over (user, vector) so a search never walks other users' matches
    index('items_user_search_idx').using('gin', t.userId, t.searchVector),
    index('items_user_page_search_idx').using('gin', t.userId, t.pageVector),
    // a trashed bookmark does not hold its address: the same page may be saved again meanwhile
    uniqueIndex('items_user_bookmark_url_uq')
      .on(t.userId, t.url)
      .where(sql`${t.type} = 'bookmark' AND ${t.trashedAt} IS NULL`),
    index('items_user_trashed_idx')
      .on(t.userId, t.trashedAt.desc(), t.id.desc())
      .where(sql`${t.trashedAt} IS NOT NULL`),
    index('items_trashed_purge_idx').on(t.trashedAt).where(sql`${t.trashedAt} IS NOT NULL`),
    index('items_user_url_key_idx')
      .on(t.userId, t.urlKey)
      .where(sql`${t.urlKey} IS NOT NULL AND ${t.trashedAt} IS NULL`),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** items carrying the tag; this and the counters below are kept by triggers (migration 0009) */
    itemCount: integer('item_count').notNull().default(0),
    /** public items carrying the tag: what visitors see */
    publicCount: integer('public_count').notNull().default(0),
    /** the owner's tag tabs (part 1 §3): items of each type, unread and annotated items carrying the tag */
    bookmarkCount: integer('bookmark_count').notNull().default(0),
    imageCount: integer('image_count').notNull().default(0),
    pdfCount: integer('pdf_count').notNull().default(0),
    noteCount: integer('note_count').notNull().default(0),
    unreadCount: integer('unread_count').notNull().default(0),
    annotatedCount: integer('annotated_count').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tags_user_name_lower_uq').on(t.userId, sql`lower(${t.name})`),
    index('tags_user_count_idx').on(t.userId, t.itemCount.desc()),
    index('tags_user_recent_idx').on(t.userId, t.lastUsedAt.desc()),
    // items carry their tags comma-joined (t_name): a name with a comma would read as two tags
    check('tags_name_without_comma', sql`position(',' in ${t.name}) = 0`),
  ],
);

export const itemTags = pgTable(
  'item_tags',
  {
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    tagId: bigint('tag_id', { mode: 'number' })
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** order the user typed the tags in */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('item_tags_item_tag_uq').on(t.itemId, t.tagId),
    index('item_tags_tag_idx').on(t.tagId, t.itemId),
    index('item_tags_user_idx').on(t.userId),
  ],
);

/**
 * How many items each user has per type, privacy and read state, kept by triggers on items
 * (migration 0007) so the library's unfiltered totals and unread count are sums of a few rows,
 * not a count over every item.
 */
export const itemCounts = pgTable(
  'item_counts',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    private: boolean('private').notNull(),
    unread: boolean('unread').notNull(),
    /** annotation_count > 0: the Annotated filter counts from here too */
    annotated: boolean('annotated').notNull().default(false),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type, t.private, t.unread, t.annotated] })],
);
