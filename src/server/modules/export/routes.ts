import type { FastifyInstance } from 'fastify';
import { exportCalls } from '../../../shared/api/export.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import { sendAttachment } from '../../platform/send-file.ts';
import type { ExportService } from './service.ts';

export function registerExportRoutes(app: FastifyInstance, deps: { exports: ExportService; auth: Auth }) {
  const { exports } = deps;
  const bind = binder(app, deps.auth);

  bind(exportCalls.items, async ({ user, body, reply }) =>
    sendAttachment(reply, await exports.file(user, body)),
  );

  bind(exportCalls.preview, ({ user, body }) => exports.preview(user, body));
}
