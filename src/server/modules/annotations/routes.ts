import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { KINDLE_CLIPPINGS_MAX_BYTES } from '../../../shared/limits.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import { ValidationError } from '../../platform/errors.ts';
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
  const call = (path: string, run: (user: SessionUser, body: unknown) => Promise<unknown>) =>
    app.post(`/annotation_mana/${path}`, async (request) => {
      const user = await auth.requireUser(request);
      return run(user, request.body);
    });

  call('add_annotation', (user, body) => annotations.add(user, body));
  call('change_annotation_color', (user, body) => annotations.changeColor(user, body));
  call('remove_annotation', (user, body) => annotations.remove(user, body));
  call('post_sticky_note', (user, body) => annotations.postStickyNote(user, body));
  call('edit_sticky_note', (user, body) => annotations.editStickyNote(user, body));
  call('remove_sticky_note', (user, body) => annotations.removeStickyNote(user, body));

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

/** The text of the `file` part; other parts are read and dropped. */
async function receiveClippings(request: FastifyRequest): Promise<string> {
  let content: Buffer | undefined;
  let tooLarge = false;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (content !== undefined || part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    // read to the end even when too large, so the client gets the answer, not a reset connection
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= KINDLE_CLIPPINGS_MAX_BYTES) chunks.push(chunk);
    }
    tooLarge = size > KINDLE_CLIPPINGS_MAX_BYTES || part.file.truncated;
    content = Buffer.concat(chunks);
  }
  if (tooLarge) throw new ValidationError(KINDLE_FILE_SIZE_MESSAGE, 'file');
  if (!content || content.length === 0) throw new ValidationError(KINDLE_FILE_MISSING_MESSAGE, 'file');
  return content.toString('utf8');
}
