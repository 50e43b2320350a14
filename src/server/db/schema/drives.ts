import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Part 2 §7 send a note to a cloud drive (issue 18): one WebDAV connection per user (Nextcloud,
 * ownCloud...). The app password is sealed with platform/secret-box.ts, never stored in clear.
 */
export const webdavConnections = pgTable('webdav_connections', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** the folder the documents are written to, e.g. https://cloud.example/remote.php/dav/files/ann/Folio/ */
  url: text('url').notNull(),
  username: text('username').notNull(),
  passwordSealed: text('password_sealed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
