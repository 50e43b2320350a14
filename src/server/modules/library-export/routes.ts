import type { FastifyInstance } from 'fastify';
import { libraryExportCalls } from '../../../shared/api/library-export.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { binder } from '../../platform/contract.ts';
import { send, sendAttachment } from '../../platform/send-file.ts';
import type { BackupSchedules } from './schedules.ts';
import type { LibraryExportService } from './service.ts';

export function registerLibraryExportRoutes(
  app: FastifyInstance,
  deps: { exports: LibraryExportService; schedules: BackupSchedules; auth: Auth; blobs: BlobStore },
) {
  const bind = binder(app, deps.auth);
  const { exports, schedules } = deps;
  bind(libraryExportCalls.start, ({ user, body }) => exports.start(user, body));
  bind(libraryExportCalls.list, ({ user }) => exports.list(user));
  bind(libraryExportCalls.status, ({ user, params }) => exports.status(user, params.job_id));
  bind(libraryExportCalls.download, async ({ user, params, request, reply }) =>
    send(request, reply, deps.blobs, await exports.download(user, params.job_id), { download: true }),
  );
  bind(libraryExportCalls.netscape, async ({ user, reply }) =>
    sendAttachment(reply, exports.stream(user, 'netscape')),
  );
  bind(libraryExportCalls.schedule, ({ user }) => schedules.get(user));
  bind(libraryExportCalls.setSchedule, ({ user, body }) => schedules.set(user, body));
}
