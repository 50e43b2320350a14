import type { FastifyInstance } from 'fastify';
import {
  webdavConnectReplySchema,
  webdavConnectSchema,
  webdavDeleteReplySchema,
  webdavExportReplySchema,
  webdavExportSchema,
  webdavStatusReplySchema,
} from '../../../shared/schemas/drives.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { contract, signedIn } from '../../platform/contract.ts';
import type { WebdavService } from './webdav.ts';

export function registerDriveRoutes(app: FastifyInstance, deps: { webdav: WebdavService; auth: Auth }) {
  const { webdav, auth } = deps;
  const r = contract(app);
  const preValidation = signedIn(auth);

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
}
