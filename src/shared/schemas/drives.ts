import { z } from 'zod';
import { NOTE_CONTENT_MAX } from '../limits.ts';
import { localPath } from '../local-path.ts';
import { name, text as plainText } from './fields.ts';
import { linkIdsField, TITLE_MAX } from './items.ts';

// the messages live apart from zod, for the pages that only announce a return from Google
export { GDRIVE_MSG, GDRIVE_RETURN_PARAM } from './drive-messages.ts';

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
export type WebdavConnectInput = z.output<typeof webdavConnectSchema>;

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
export type WebdavExportInput = z.output<typeof webdavExportSchema>;

/** code 0 is success, as the drive send of spec part 2 §7 answers; webViewLink is the written file. */
export const webdavExportReplySchema = z.object({
  code: z.literal(0),
  message: z.string(),
  data: z.object({ webViewLink: z.string(), fileName: z.string() }),
});
export type WebdavExportReply = z.infer<typeof webdavExportReplySchema>;

/**
 * Send to Google Drive: the scope asked for, only the files Folio creates, never the rest of the
 * user's Drive.
 */
export const GDRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.file';

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
    // and still one once normalised: /.//evil.example passes the pattern but means //evil.example
    .refine((path) => localPath(path) !== null, { error: 'return_to must be a path on this site.' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type GoogleDriveConnectInput = z.output<typeof googleDriveConnectSchema>;

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
export type GoogleDriveCallbackInput = z.output<typeof googleDriveCallbackSchema>;

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
export type GoogleDriveExportInput = z.output<typeof googleDriveExportSchema>;

/**
 * A Generate Report sent as it stands in the modal (issue 18 part 2): its edited title and the
 * rich-text content's HTML, as long as a note may be (the same report can be exported to a note).
 */
export const googleDriveReportSchema = z.object({
  title: name('Enter the report title.')
    .trim()
    .min(1, { error: 'Enter the report title.' })
    .max(TITLE_MAX, { error: 'The title is too long.' }),
  content: plainText('The report content is required.').max(NOTE_CONTENT_MAX, {
    error: 'The report is too long.',
  }),
});
export type GoogleDriveReportInput = z.output<typeof googleDriveReportSchema>;

/** code 0 is success with data.webViewLink, as the drive send of spec part 2 §7 answers. */
export const googleDriveExportReplySchema = webdavExportReplySchema;
export type GoogleDriveExportReply = z.infer<typeof googleDriveExportReplySchema>;

/** A note's drive dialog closes this long after 'Save failed!' (spec part 2 §8). */
export const GDRIVE_FAILED_CLOSE_MS = 1000;
