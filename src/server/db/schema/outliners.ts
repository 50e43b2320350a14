import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/** A fractional-index key: compared byte by byte, as shared/outliners/positions.ts makes them. */
const positionKey = customType<{ data: string }>({
  dataType() {
    return 'text COLLATE "C"';
  },
});

/** An outline of entries (spec part 1 §3): privacy 0 not shared, 2 shared by its share key. */
export const outliners = pgTable(
  'outliners',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    privacy: integer('privacy').notNull().default(0),
    /** 128 random bits while shared; a new one each time sharing is turned on */
    shareKey: text('share_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Raised by triggers (migration 0020) on every change to what the tree call shows: its entries,
     * and the titles, addresses, quotes and colours of the items and highlights they hold. The
     * server keeps the tree's reply text per outliner and version (modules/outliners/tree-cache.ts).
     */
    treeVersion: bigint('tree_version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('outliners_user_updated_idx').on(t.userId, t.updatedAt.desc()),
    uniqueIndex('outliners_share_key_uq').on(t.shareKey).where(sql`${t.shareKey} IS NOT NULL`),
  ],
);

/**
 * One line of an outliner: text, a saved item (link_id) or a highlight (ann_id and its item's
 * link_id). link_id and ann_id are kept by triggers, not foreign keys (migration 0012): deleting the
 * item or highlight turns the entry into plain text holding its title or quote, and the items'
 * outliner_ids follow the item entries.
 */
export const outlinerEntries = pgTable(
  'outliner_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    outlinerId: bigint('outliner_id', { mode: 'number' })
      .notNull()
      .references(() => outliners.id, { onDelete: 'cascade' }),
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => outlinerEntries.id, {
      onDelete: 'cascade',
    }),
    position: positionKey('position').notNull(),
    /** text, item or highlight */
    kind: text('kind').notNull().default('text'),
    text: text('text').notNull().default(''),
    note: text('note').notNull().default(''),
    collapsed: boolean('collapsed').notNull().default(false),
    linkId: bigint('link_id', { mode: 'number' }),
    annId: bigint('ann_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outliner_entries_tree_idx').on(t.outlinerId, t.parentId, t.position),
    index('outliner_entries_parent_idx').on(t.parentId),
    index('outliner_entries_link_idx').on(t.linkId).where(sql`${t.linkId} IS NOT NULL`),
    index('outliner_entries_ann_idx').on(t.annId).where(sql`${t.annId} IS NOT NULL`),
  ],
);

/** Part 2 §3 settings.outliner: show the quota; text from a highlight links back to it. */
export const outlinerSettings = pgTable(
  'outliner_settings',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    showQuota: boolean('show_quota').notNull().default(true),
    sourceLink: boolean('source_link').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId] })],
);
