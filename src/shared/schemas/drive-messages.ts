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

/** The query the callback adds to the page it returns to: connected or failed. */
export const GDRIVE_RETURN_PARAM = 'google_drive';
