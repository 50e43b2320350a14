import type { FastifyInstance } from 'fastify';
import {
  EXPORT_FORMATS,
  exportItemsSchema,
  exportPreviewReplySchema,
  exportPreviewSchema,
} from '../../../shared/schemas/export.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { contract, signedIn } from '../../platform/contract.ts';
import { sendAttachment } from '../../platform/send-file.ts';
import type { ExportService } from './service.ts';

export function registerExportRoutes(app: FastifyInstance, deps: { exports: ExportService; auth: Auth }) {
  const { exports, auth } = deps;
  const r = contract(app);
  const preValidation = signedIn(auth);

  r.post(
    '/api/export/items',
    {
      preValidation,
      schema: {
        summary: `Export one's own items as a file (format ${EXPORT_FORMATS.join(', ')}; md of several items is a zip)`,
        body: exportItemsSchema,
        produces: 'application/octet-stream',
      },
    },
    async (request, reply) => {
      const user = await auth.requireUser(request);
      const file = await exports.file(user, request.body);
      return sendAttachment(reply, file);
    },
  );

  r.post(
    '/api/export/preview',
    {
      preValidation,
      schema: {
        summary: "One's own items with their highlights and notes as HTML and plain text",
        body: exportPreviewSchema,
        response: { 200: exportPreviewReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      return exports.preview(user, request.body);
    },
  );
}
