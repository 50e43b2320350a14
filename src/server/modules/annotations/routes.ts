import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { KINDLE_CLIPPINGS_MAX_BYTES } from '../../../shared/limits.ts';
import {
  addAnnotationReplySchema,
  addAnnotationSchema,
  changeAnnotationColorReplySchema,
  changeAnnotationColorSchema,
  editStickyNoteSchema,
  kindleImportReplySchema,
  postStickyNoteSchema,
  removeAnnotationReplySchema,
  removeAnnotationSchema,
  removeStickyNoteReplySchema,
  removeStickyNoteSchema,
  stickyNoteChangeReplySchema,
} from '../../../shared/schemas/annotations.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { contract, signedIn } from '../../platform/contract.ts';
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
  const preValidation = signedIn(auth);
  // the services parse their input themselves: the body reaches them as unknown
  const call = (
    path: string,
    summary: string,
    body: z.ZodType,
    response: z.ZodType,
    run: (userId: number, body: unknown) => Promise<unknown>,
  ) =>
    contract(app).post(
      `/annotation_mana/${path}`,
      { preValidation, schema: { summary, body, response: { 200: response } } },
      async (request) => {
        const user = await auth.requireUser(request);
        return run(user.id, request.body);
      },
    );

  call(
    'add_annotation',
    'Add a highlight (selector: W3C selectors as an array or its JSON); replies {code: 1, annotation, created, ' +
      'annotation_count}; the same highlight again returns the existing one (created false). A new highlight at ' +
      "the plan's quota is refused: 402 {code: -2, message: 'Your highlight number is over quota'}",
    addAnnotationSchema,
    addAnnotationReplySchema,
    (userId, body) => annotations.add(userId, body),
  );
  call(
    'change_annotation_color',
    "Change a highlight's colour",
    changeAnnotationColorSchema,
    changeAnnotationColorReplySchema,
    (userId, body) => annotations.changeColor(userId, body),
  );
  call(
    'remove_annotation',
    'Remove an annotation and its sticky notes, giving its quota unit back',
    removeAnnotationSchema,
    removeAnnotationReplySchema,
    (userId, body) => annotations.remove(userId, body),
  );
  call(
    'post_sticky_note',
    "Add a highlight's sticky note (or replace its text)",
    postStickyNoteSchema,
    stickyNoteChangeReplySchema,
    (userId, body) => annotations.postStickyNote(userId, body),
  );
  call(
    'edit_sticky_note',
    'Edit a sticky note',
    editStickyNoteSchema,
    stickyNoteChangeReplySchema,
    (userId, body) => annotations.editStickyNote(userId, body),
  );
  call(
    'remove_sticky_note',
    'Remove a sticky note',
    removeStickyNoteSchema,
    removeStickyNoteReplySchema,
    (userId, body) => annotations.removeStickyNote(userId, body),
  );

  // multipart only in this scope, with this upload's own limits
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: KINDLE_CLIPPINGS_MAX_BYTES + 1, files: 2, fields: 10, parts: 12 },
      throwFileSizeLimit: false,
    });
    contract(scope).post(
      '/item/import/kindle',
      {
        preValidation,
        schema: {
          summary: "Import a Kindle 'My Clippings.txt' (multipart field file); replies what was added",
          multipart: z.object({ file: z.string().describe("the 'My Clippings.txt' file") }),
          response: { 200: kindleImportReplySchema },
        },
      },
      async (request) => {
        const user = await auth.requireUser(request);
        if (!request.isMultipart()) throw new ValidationError(KINDLE_FILE_MISSING_MESSAGE, 'file');
        const text = await receiveClippings(request);
        return kindle.importClippings(user.id, text);
      },
    );
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
