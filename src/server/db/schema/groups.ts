import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { items } from './items.ts';

/**
 * A group (spec part 1 §3): a Team, or a Class when its owner is a teacher or has an education
 * address (accessMode 5 team, 6 class). `gName` follows the user-name rules, unique ignoring case.
 */
export const groups = pgTable(
  'groups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    gName: text('g_name').notNull(),
    displayName: text('display_name').notNull(),
    description: text('description').notNull().default(''),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 5 team, 6 class */
    accessMode: integer('access_mode').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('groups_g_name_lower_uq').on(sql`lower(${t.gName})`),
    index('groups_owner_idx').on(t.ownerId),
  ],
);

/** Who belongs to a group: role 'owner' (its creator) or 'member'. */
export const groupMembers = pgTable(
  'group_members',
  {
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)],
);

/**
 * An invitation: by user name (userId set: only that user may accept) or by e-mail (whoever signs
 * in with the link first). Only the SHA-256 of the link's token is kept; accepting uses it up.
 */
export const groupInvites = pgTable(
  'group_invites',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    invitedBy: bigint('invited_by', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('group_invites_token_uq').on(t.tokenHash),
    index('group_invites_group_idx').on(t.groupId),
    index('group_invites_invited_by_idx').on(t.invitedBy),
    index('group_invites_user_idx').on(t.userId),
  ],
);

/** An item a member shared to a group; members read it (never change it) while both stay. */
export const groupItems = pgTable(
  'group_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    itemId: bigint('item_id', { mode: 'number' })
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    sharedBy: bigint('shared_by', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedAt: timestamp('shared_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_items_group_item_uq').on(t.groupId, t.itemId),
    index('group_items_group_shared_idx').on(t.groupId, t.sharedAt.desc(), t.id.desc()),
    index('group_items_item_idx').on(t.itemId),
    index('group_items_shared_by_idx').on(t.sharedBy),
  ],
);
