import {
  googleDriveCallbackSchema,
  googleDriveConnectReplySchema,
  googleDriveConnectSchema,
  googleDriveDeleteReplySchema,
  googleDriveExportReplySchema,
  googleDriveExportSchema,
  googleDriveReportSchema,
  googleDriveStatusReplySchema,
  webdavConnectReplySchema,
  webdavConnectSchema,
  webdavDeleteReplySchema,
  webdavExportReplySchema,
  webdavExportSchema,
  webdavStatusReplySchema,
} from '../schemas/drives.ts';
import { defineCall } from './define.ts';

export const driveCalls = {
  webdavStatus: defineCall({
    method: 'GET',
    path: '/api/drives/webdav',
    summary: "One's WebDAV connection (the password is never sent back)",
    caller: 'session',
    reply: webdavStatusReplySchema,
  }),
  webdavConnect: defineCall({
    method: 'POST',
    path: '/api/drives/webdav',
    summary:
      'Test a WebDAV folder (PROPFIND) and save it with its app password sealed; "" keeps the stored password',
    caller: 'session',
    body: webdavConnectSchema,
    reply: webdavConnectReplySchema,
  }),
  webdavDelete: defineCall({
    method: 'POST',
    path: '/api/drives/webdav/delete',
    summary: 'Forget the WebDAV connection',
    caller: 'session',
    reply: webdavDeleteReplySchema,
  }),
  webdavExport: defineCall({
    method: 'POST',
    path: '/api/export/webdav',
    summary: "Write one's own items as a Word document (.docx) into the connected WebDAV folder",
    caller: 'session',
    body: webdavExportSchema,
    reply: webdavExportReplySchema,
  }),
  googleStatus: defineCall({
    method: 'GET',
    path: '/api/drives/google',
    summary: 'Whether Google Drive is configured on this server and connected for this user',
    caller: 'session',
    reply: googleDriveStatusReplySchema,
  }),
  googleConnect: defineCall({
    method: 'POST',
    path: '/api/drives/google/connect',
    summary:
      "Start connecting Google Drive (OAuth 2.0 code + PKCE, scope drive.file): answers Google's consent URL",
    caller: 'session',
    body: googleDriveConnectSchema,
    reply: googleDriveConnectReplySchema,
  }),
  /** Google's redirect back: a page (a redirect), not JSON */
  googleCallback: defineCall({
    method: 'GET',
    path: '/api/drives/google/callback',
    summary:
      "Google's redirect after consent: trades the code for tokens, then back to the page with ?google_drive=connected or failed",
    caller: 'visitor',
    query: googleDriveCallbackSchema,
    produces: 'text/html',
  }),
  googleDelete: defineCall({
    method: 'POST',
    path: '/api/drives/google/delete',
    summary: 'Forget the Google Drive connection',
    caller: 'session',
    reply: googleDriveDeleteReplySchema,
  }),
  googleExport: defineCall({
    method: 'POST',
    path: '/api/export/google-drive',
    summary:
      "Upload one's own items to Google Drive (Drive v3 multipart): doc becomes a Google Doc '{title}_via Folio'; pdf and md as files",
    caller: 'session',
    body: googleDriveExportSchema,
    reply: googleDriveExportReplySchema,
  }),
  googleReport: defineCall({
    method: 'POST',
    path: '/api/export/google-drive/report',
    summary:
      "Upload a Generate Report as edited (title and content HTML) to one's Google Drive as a Google Doc '{title}_via Folio'",
    caller: 'session',
    body: googleDriveReportSchema,
    reply: googleDriveExportReplySchema,
  }),
};
