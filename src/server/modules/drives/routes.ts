import type { FastifyInstance, FastifyRequest } from 'fastify';
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
} from '../../../shared/schemas/drives.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { contract, signedIn } from '../../platform/contract.ts';
import { GDRIVE_PENDING_MS, type GoogleDriveService } from './google-drive.ts';
import type { WebdavService } from './webdav.ts';

export function registerDriveRoutes(
  app: FastifyInstance,
  deps: {
    webdav: WebdavService;
    google: GoogleDriveService;
    auth: Auth;
    publicUrl: string | undefined;
    secureCookies: boolean;
  },
) {
  const { webdav, google, auth } = deps;
  const r = contract(app);
  const preValidation = signedIn(auth);
  // the pending consent (state + PKCE verifier, sealed): only in the browser that asked, for 10 minutes
  const pendingCookie = deps.secureCookies ? '__Host-folio_gdrive' : 'folio_gdrive';
  const callbackUrl = (request: FastifyRequest) =>
    `${deps.publicUrl ?? `${request.protocol}://${request.host}`}/api/drives/google/callback`;

  r.get(
    '/api/drives/webdav',
    {
      preValidation,
      schema: {
        summary: "One's WebDAV connection (the password is never sent back)",
        response: { 200: webdavStatusReplySchema },
      },
    },
    async (request) => webdav.status(await auth.requireUser(request)),
  );

  r.post(
    '/api/drives/webdav',
    {
      preValidation,
      schema: {
        summary:
          'Test a WebDAV folder (PROPFIND) and save it with its app password sealed; "" keeps the stored password',
        body: webdavConnectSchema,
        response: { 200: webdavConnectReplySchema },
      },
    },
    async (request) => webdav.connect(await auth.requireUser(request), request.body),
  );

  r.post(
    '/api/drives/webdav/delete',
    {
      preValidation,
      schema: { summary: 'Forget the WebDAV connection', response: { 200: webdavDeleteReplySchema } },
    },
    async (request) => webdav.disconnect(await auth.requireUser(request)),
  );

  r.post(
    '/api/export/webdav',
    {
      preValidation,
      schema: {
        summary: "Write one's own items as a Word document (.docx) into the connected WebDAV folder",
        body: webdavExportSchema,
        response: { 200: webdavExportReplySchema },
      },
    },
    async (request) => webdav.send(await auth.requireUser(request), request.body),
  );

  r.get(
    '/api/drives/google',
    {
      preValidation,
      schema: {
        summary: 'Whether Google Drive is configured on this server and connected for this user',
        response: { 200: googleDriveStatusReplySchema },
      },
    },
    async (request) => google.status(await auth.requireUser(request)),
  );

  r.post(
    '/api/drives/google/connect',
    {
      preValidation,
      schema: {
        summary:
          "Start connecting Google Drive (OAuth 2.0 code + PKCE, scope drive.file): answers Google's consent URL",
        body: googleDriveConnectSchema,
        response: { 200: googleDriveConnectReplySchema },
      },
    },
    async (request, reply) => {
      const started = google.begin(await auth.requireUser(request), request.body, callbackUrl(request));
      reply.setCookie(pendingCookie, started.pending, {
        path: '/',
        httpOnly: true,
        // Google's redirect back is a top-level navigation from another site: lax cookies go with it
        sameSite: 'lax',
        secure: deps.secureCookies,
        maxAge: GDRIVE_PENDING_MS / 1000,
      });
      return { code: 1 as const, url: started.url };
    },
  );

  r.get(
    '/api/drives/google/callback',
    {
      schema: {
        summary:
          "Google's redirect after consent: trades the code for tokens, then back to the page with ?google_drive=connected or failed",
        public: true,
        querystring: googleDriveCallbackSchema,
        produces: 'text/html',
      },
    },
    async (request, reply) => {
      const target = await google.finish(
        await auth.currentUser(request),
        request.query,
        request.cookies[pendingCookie],
        callbackUrl(request),
      );
      reply.clearCookie(pendingCookie, { path: '/', secure: deps.secureCookies });
      return reply.redirect(target);
    },
  );

  r.post(
    '/api/drives/google/delete',
    {
      preValidation,
      schema: {
        summary: 'Forget the Google Drive connection',
        response: { 200: googleDriveDeleteReplySchema },
      },
    },
    async (request) => google.disconnect(await auth.requireUser(request)),
  );

  r.post(
    '/api/export/google-drive',
    {
      preValidation,
      schema: {
        summary:
          "Upload one's own items to Google Drive (Drive v3 multipart): doc becomes a Google Doc '{title}_via Folio'; pdf and md as files",
        body: googleDriveExportSchema,
        response: { 200: googleDriveExportReplySchema },
      },
    },
    async (request) => google.send(await auth.requireUser(request), request.body),
  );

  r.post(
    '/api/export/google-drive/report',
    {
      preValidation,
      schema: {
        summary:
          "Upload a Generate Report as edited (title and content HTML) to one's Google Drive as a Google Doc '{title}_via Folio'",
        body: googleDriveReportSchema,
        response: { 200: googleDriveExportReplySchema },
      },
    },
    async (request) => google.sendReport(await auth.requireUser(request), request.body),
  );
}
