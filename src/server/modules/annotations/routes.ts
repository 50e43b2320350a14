import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { KINDLE_CLIPPINGS_MAX_BYTES } from '../../../shared/limits.ts';
import type { Auth } from '../../platform/auth/auth.ts';
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
  const call = (path: string, run: (userId: number, body: unknown) => Promise<unknown>) =>
    app.post(`/annotation_mana/${path}`, async (request) => {
      const user = await auth.requireUser(request);
      return run(user.id, request.body);
    });

  app.get('/api/annotations/list', async (request) => {
    const viewer = await auth.currentUser(request);
    return annotations.list(viewer?.id ?? null, request.query);
  });
  call('add_annotation', (userId, body) => annotations.add(userId, body));
  call('change_annotation_color', (userId, body) => annotations.changeColor(userId, body));
  call('remove_annotation', (userId, body) => annotations.remove(userId, body));
  call('post_sticky_note', (userId, body) => annotations.postStickyNote(userId, body));
  call('edit_sticky_note', (userId, body) => annotations.editStickyNote(userId, body));
  call('remove_sticky_note', (userId, body) => annotations.removeStickyNote(userId, body));

  // multipart only in this scope, with this upload's own limits
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: KINDLE_CLIPPINGS_MAX_BYTES + 1, files: 2, fields: 10, parts: 12 },
      throwFileSizeLimit: false,
    });
    scope.post('/item/import/kindle', async (request) => {
      const user = await auth.requireUser(request);
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
