import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { importCalls } from '../../../shared/api/import.ts';
import { BACKUP_IMPORT_MAX_BYTES } from '../../../shared/schemas/import.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import type { ImportService } from './service.ts';

export async function registerImportRoutes(
  app: FastifyInstance,
  deps: { imports: ImportService; auth: Auth },
) {
  const bind = binder(app, deps.auth);
  bind(importCalls.status, ({ user, params }) => deps.imports.status(user, params.job_id));
  bind(importCalls.list, ({ user }) => deps.imports.list(user));
  // multipart only in this scope, with the import file's own limits
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: BACKUP_IMPORT_MAX_BYTES + 1, files: 2, fields: 10, parts: 12 },
      throwFileSizeLimit: false,
    });
    binder(scope, deps.auth)(importCalls.start, ({ user, request }) => deps.imports.start(user, request));
  });
}
