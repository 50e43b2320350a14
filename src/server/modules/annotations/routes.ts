import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { annotationCalls as calls } from '../../../shared/api/annotations.ts';
import { KINDLE_CLIPPINGS_MAX_BYTES } from '../../../shared/limits.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import { ValidationError } from '../../platform/errors.ts';
import { receiveBytes } from '../../platform/file-intake.ts';
import type { KindleImportService } from './kindle-import.ts';
import type { AnnotationsService } from './service.ts';

export const KINDLE_FILE_MISSING_MESSAGE = "Please choose your Kindle 'My Clippings.txt' file.";
export const KINDLE_FILE_SIZE_MESSAGE = `The clippings file is too large (${KINDLE_CLIPPINGS_MAX_BYTES / 1024 / 1024} MB at most).`;

export interface AnnotationRouteDeps {
  annotations: AnnotationsService;
  kindle: KindleImportService;
  auth: Auth;
}

export async function registerAnnotationRoutes(app: FastifyInstance, deps: AnnotationRouteDeps) {
  const { annotations, kindle, auth } = deps;
  const bind = binder(app, auth);

  bind(calls.list, ({ user, query }) => annotations.list(user?.id ?? null, query));
  bind(calls.add, ({ user, body }) => annotations.add(user, body));
  bind(calls.changeColor, ({ user, body }) => annotations.changeColor(user, body));
  bind(calls.remove, ({ user, body }) => annotations.remove(user, body));
  bind(calls.postStickyNote, ({ user, body }) => annotations.postStickyNote(user, body));
  bind(calls.editStickyNote, ({ user, body }) => annotations.editStickyNote(user, body));
  bind(calls.removeStickyNote, ({ user, body }) => annotations.removeStickyNote(user, body));

  // multipart only in this scope, with this upload's own limits
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: KINDLE_CLIPPINGS_MAX_BYTES + 1, files: 2, fields: 10, parts: 12 },
      throwFileSizeLimit: false,
    });
    binder(scope, auth)(calls.importKindle, async ({ user, request }) => {
      if (!request.isMultipart()) throw new ValidationError(KINDLE_FILE_MISSING_MESSAGE, 'file');
      const text = await receiveClippings(request);
      return kindle.importClippings(user.id, text);
    });
  });
}

const TEXT = { ext: 'txt', mime: 'text/plain' };

/**
 * The text of the `file` part, through the shared intake; other parts are read and dropped. Any
 * bytes count as text here: the clippings parser decides what in them is a highlight.
 */
async function receiveClippings(request: FastifyRequest): Promise<string> {
  const { file } = await receiveBytes(request, {
    fileFields: ['file'],
    field: 'file',
    maxBytes: KINDLE_CLIPPINGS_MAX_BYTES,
    sniff: () => TEXT,
    messages: {
      missing: KINDLE_FILE_MISSING_MESSAGE,
      wrongType: KINDLE_FILE_MISSING_MESSAGE,
      tooLarge: KINDLE_FILE_SIZE_MESSAGE,
    },
  });
  if (!file) throw new ValidationError(KINDLE_FILE_MISSING_MESSAGE, 'file');
  return file.bytes.toString('utf8');
}
