import type { FastifyInstance, FastifyRequest } from 'fastify';
import { driveCalls } from '../../../shared/api/drives.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
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
  const { webdav, google } = deps;
  const bind = binder(app, deps.auth);
  // the pending consent (state + PKCE verifier, sealed): only in the browser that asked, for 10 minutes
  const pendingCookie = deps.secureCookies ? '__Host-folio_gdrive' : 'folio_gdrive';
  const callbackUrl = (request: FastifyRequest) =>
    `${deps.publicUrl ?? `${request.protocol}://${request.host}`}/api/drives/google/callback`;

  bind(driveCalls.webdavStatus, ({ user }) => webdav.status(user));

  bind(driveCalls.webdavConnect, ({ user, body }) => webdav.connect(user, body));

  bind(driveCalls.webdavDelete, ({ user }) => webdav.disconnect(user));

  bind(driveCalls.webdavExport, ({ user, body }) => webdav.send(user, body));

  bind(driveCalls.googleStatus, ({ user }) => google.status(user));

  bind(driveCalls.googleConnect, async ({ user, body, request, reply }) => {
    const started = google.begin(user, body, callbackUrl(request));
    reply.setCookie(pendingCookie, started.pending, {
      path: '/',
      httpOnly: true,
      // Google's redirect back is a top-level navigation from another site: lax cookies go with it
      sameSite: 'lax',
      secure: deps.secureCookies,
      maxAge: GDRIVE_PENDING_MS / 1000,
    });
    return { code: 1 as const, url: started.url };
  });

  bind(driveCalls.googleCallback, async ({ user, query, request, reply }) => {
    const target = await google.finish(user, query, request.cookies[pendingCookie], callbackUrl(request));
    reply.clearCookie(pendingCookie, { path: '/', secure: deps.secureCookies });
    return reply.redirect(target);
  });

  bind(driveCalls.googleDelete, ({ user }) => google.disconnect(user));

  bind(driveCalls.googleExport, ({ user, body }) => google.send(user, body));

  bind(driveCalls.googleReport, ({ user, body }) => google.sendReport(user, body));
}
