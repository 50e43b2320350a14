import { z } from 'zod';
import { linkIdsField } from './items.ts';

/**
 * Send a note to a cloud drive (spec part 2 §7, §8; issue 18 part 5): a WebDAV folder (Nextcloud,
 * ownCloud and others) the user connects once with a user name and an app password.
 */
export const WEBDAV_MSG = {
  sending: 'Sending to WebDAV...',
  saved: 'Saved! Open the document URL below to check it:',
  failed: 'Save failed!',
  connected: 'WebDAV connected.',
  removed: 'WebDAV connection removed.',
  notConnected: 'Connect a WebDAV folder first.',
  badLogin: 'The WebDAV server refused the user name or app password.',
  notFolder: 'The WebDAV address is not a folder the server knows.',
  unreachable: 'Could not reach the WebDAV server.',
  urlInvalid: 'Enter the WebDAV folder address (http:// or https://).',
  userRequired: 'Enter the WebDAV user name.',
  passwordRequired: 'Enter the app password.',
} as const;

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, { error: message });

export const webdavConnectSchema = z.object({
  url: text(2000, WEBDAV_MSG.urlInvalid).regex(/^https?:\/\/[^\s]+$/i, { error: WEBDAV_MSG.urlInvalid }),
  username: text(200, WEBDAV_MSG.userRequired).min(1, { error: WEBDAV_MSG.userRequired }),
  /** "" keeps the stored password when a connection exists */
  password: text(500, WEBDAV_MSG.passwordRequired).optional().default(''),
});
export type WebdavConnectInput = z.infer<typeof webdavConnectSchema>;

export const webdavStatusReplySchema = z.object({
  code: z.literal(1),
  connected: z.boolean(),
  url: z.string(),
  username: z.string(),
});
export type WebdavStatusReply = z.infer<typeof webdavStatusReplySchema>;

export const webdavConnectReplySchema = webdavStatusReplySchema.extend({ message: z.string() });

export const webdavDeleteReplySchema = z.object({ code: z.literal(1), message: z.string() });

export const webdavExportSchema = z.object({ link_ids: linkIdsField });

/** code 0 is success, as the drive send of spec part 2 §7 answers; webViewLink is the written file. */
export const webdavExportReplySchema = z.object({
  code: z.literal(0),
  message: z.string(),
  data: z.object({ webViewLink: z.string(), fileName: z.string() }),
});
export type WebdavExportReply = z.infer<typeof webdavExportReplySchema>;
