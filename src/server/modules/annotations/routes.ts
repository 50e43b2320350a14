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
  listAnnotationsReplySchema,
  listAnnotationsSchema,
  postStickyNoteSchema,
  removeAnnotationReplySchema,
  removeAnnotationSchema,
  removeStickyNoteReplySchema,
  removeStickyNoteSchema,
  stickyNoteChangeReplySchema,
} from '../../../shared/schemas/annotations.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import { contract, signedIn } from '../../platform/contract.ts';
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
  const preValidation = signedIn(auth);
  // the services parse their input themselves: the body reaches them as unknown
  const call = (
    path: string,
    summary: string,
    body: z.ZodType,
    response: z.ZodType,
    run: (user: SessionUser, body: unknown) => Promise<unknown>,
  ) =>
    contract(app).post(
      `/annotation_mana/${path}`,
      { preValidation, schema: { summary, body, response: { 200: response } } },
      async (request) => {
        const user = await auth.requireUser(request);
        return run(user, request.body);
      },
    );

  contract(app).get(
    '/api/annotations/list',
    {
      schema: {
        summary:
          "One page of an item's annotations in the library row's order (float notes first), for 'Show N more " +
          "annotation(s)'; the owner's, or a public item's for anyone; replies {annotations, total}",
        public: true,
        querystring: listAnnotationsSchema,
        response: { 200: listAnnotationsReplySchema },
      },
    },
    async (request) => {
      const viewer = await auth.currentUser(request);
      return annotations.list(viewer?.id ?? null, request.query);
    },
  );
  call(
    'add_annotation',
    'Add a highlight (selector: W3C selectors as an array or its JSON); replies {code: 1, annotation, created, ' +
      'annotation_count}; the same highlight again returns the existing one (created false). A new highlight at ' +
      "the plan's quota is refused: 402 {code: -2, message: 'Your highlight number is over quota'}",
    addAnnotationSchema,
    addAnnotationReplySchema,
    (user, body) => annotations.add(user, body),
  );
  call(
    'change_annotation_color',
    "Change a highlight's colour",
    changeAnnotationColorSchema,
    changeAnnotationColorReplySchema,
    (user, body) => annotations.changeColor(user, body),
  );
  call(
    'remove_annotation',
    'Remove an annotation and its sticky notes, giving its quota unit back',
    removeAnnotationSchema,
    removeAnnotationReplySchema,
    (user, body) => annotations.remove(user, body),
  );
  call(
    'post_sticky_note',
    "Add a highlight's sticky note (or replace its text)",
    postStickyNoteSchema,
    stickyNoteChangeReplySchema,
    (user, body) => annotations.postStickyNote(user, body),
  );
  call(
    'edit_sticky_note',
    'Edit a sticky note',
    editStickyNoteSchema,
    stickyNoteChangeReplySchema,
    (user, body) => annotations.editStickyNote(user, body),
  );
  call(
    'remove_sticky_note',
    'Remove a sticky note',
    removeStickyNoteSchema,
    removeStickyNoteReplySchema,
    (user, body) => annotations.removeStickyNote(user, body),
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
