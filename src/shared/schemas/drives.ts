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

/**
 * Send to Google Drive (spec part 1 §4, §8; part 2 §7, §8; issue 18 part 5): a Google account the
 * user connects once with OAuth 2.0 (scope drive.file); the export is uploaded with a Drive v3
 * multipart upload, a Word export becoming a Google Doc named '{title}_via Folio'.
 */
export const GDRIVE_MSG = {
  /** the Export modal (part 1 §4, §8) */
  sending: 'Sending to Google Drive...',
  sent: 'Sent to Google Drive successfully, click the url to view and edit:',
  failed: 'Sent to Google Drive failed!',
  /** a note sent from its page (part 2 §8) */
  noteSaving: 'Saving to google drive..',
  noteSaved: 'Saved! Open the Google Doc URL below to check it:',
  noteFailed: 'Save failed!',
  notConfigured: 'Google Drive is not configured on this server.',
  notConnected: 'Connect Google Drive first.',
  connected: 'Google Drive connected.',
  connectFailed: 'Google Drive was not connected.',
  removed: 'Google Drive connection removed.',
  /** a refresh token Google no longer accepts (revoked, expired): the connection is forgotten */
  reconnect: 'Google Drive access has expired or was revoked: connect Google Drive again.',
  unreachable: 'Could not reach Google Drive.',
} as const;

/** The scope asked for: only the files Folio creates, never the rest of the user's Drive. */
export const GDRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.file';

/** The query the callback adds to the page it returns to: connected or failed. */
export const GDRIVE_RETURN_PARAM = 'google_drive';

export const googleDriveStatusReplySchema = z.object({
  code: z.literal(1),
  /** false when the operator set no OAuth client: the option says it is not configured */
  configured: z.boolean(),
  connected: z.boolean(),
});
export type GoogleDriveStatusReply = z.infer<typeof googleDriveStatusReplySchema>;

/** return_to: the page (a path on this site) the browser comes back to after Google's consent. */
export const googleDriveConnectSchema = z.object({
  return_to: z
    .string({ error: 'return_to must be a path on this site.' })
    .max(2000, { error: 'return_to must be a path on this site.' })
    .regex(/^\/(?![/\\])[^\s]*$/, { error: 'return_to must be a path on this site.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const googleDriveConnectReplySchema = z.object({
  code: z.literal(1),
  /** Google's consent page; the browser goes there */
  url: z.string(),
});

export const googleDriveCallbackSchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
});

export const googleDriveDeleteReplySchema = webdavDeleteReplySchema;

export const GDRIVE_FORMATS = ['doc', 'pdf', 'md'] as const;

/** format: doc (the default) becomes a Google Doc; pdf and md are uploaded as they are. */
export const googleDriveExportSchema = z.object({
  link_ids: linkIdsField,
  format: z
    .enum(GDRIVE_FORMATS, { error: 'format must be doc, pdf or md.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

/** code 0 is success with data.webViewLink, as the drive send of spec part 2 §7 answers. */
export const googleDriveExportReplySchema = webdavExportReplySchema;
export type GoogleDriveExportReply = z.infer<typeof googleDriveExportReplySchema>;

/** A note's drive dialog closes this long after 'Save failed!' (spec part 2 §8). */
export const GDRIVE_FAILED_CLOSE_MS = 1000;
