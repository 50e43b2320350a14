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

/**
 * Send to Google Drive (issue 18 part 5): one Google account per user, connected with OAuth 2.0
 * (authorization code + PKCE, scope drive.file). Both tokens are sealed with platform/secret-box.ts.
 */
export const googleDriveConnections = pgTable('google_drive_connections', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  accessTokenSealed: text('access_token_sealed').notNull(),
  /** Google sends one on the first consent; a refresh that brings none keeps this one */
  refreshTokenSealed: text('refresh_token_sealed'),
  /** when the access token stops working; a send refreshes it a minute before */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  scope: text('scope').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
