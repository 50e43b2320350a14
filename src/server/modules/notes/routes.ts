import type { FastifyInstance } from 'fastify';
import {
  notePictureParamsSchema,
  saveNoteReplySchema,
  saveNoteSchema,
} from '../../../shared/schemas/notes.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { contract, signedIn } from '../../platform/contract.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { send } from '../../platform/send-file.ts';
import { permitsNotePicture } from '../../policies/item.ts';
import { IMAGE_MIME, type ImageKind, noteImageKey } from './images.ts';
import type { NotesService } from './service.ts';

/** A note's JSON body: the content cap (1,000,000 characters) plus escaping room. */
const NOTE_BODY_LIMIT = 4 * 1024 * 1024;

export interface NotesRouteDeps {
  notes: NotesService;
  auth: Auth;
  blobs: BlobStore;
}

export async function registerNoteRoutes(app: FastifyInstance, deps: NotesRouteDeps) {
  const { notes, auth, blobs } = deps;

  const r = contract(app);
  r.post(
    '/item/save/note',
    {
      bodyLimit: NOTE_BODY_LIMIT,
      preValidation: signedIn(auth),
      schema: {
        summary: 'Create (once per local_id; an empty link_id is a new note) or update a note',
        body: saveNoteSchema,
        response: { 200: saveNoteReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      const { item, version, previousVersion } = await notes.save(user, request.body);
      return { items: [item] as [typeof item], version, previous_version: previousVersion };
    },
  );

  // A note's pictures are as private as the note: only their owner gets them.
  r.get(
    '/api/files/notes/:userId/:name',
    {
      schema: {
        summary: "A note's picture (its owner only; a share link's visitor: /s/{key}/notes/{name})",
        params: notePictureParamsSchema,
        produces: 'image/*',
      },
    },
    async (request, reply) => {
      const { userId, name } = request.params;
      const user = await auth.currentUser(request);
      const key = noteImageKey(userId, name);
      // the pictures of a note (always private) follow the note's access rule; a share link's
      // visitor gets them through /s/{key}/notes/{name}
      if (!key || !permitsNotePicture(user, { userId: Number(userId), path: `/api/files/${key}` }))
        throw new NotFoundError();
      const etag = name.slice(0, name.lastIndexOf('.'));
      const contentType = IMAGE_MIME[name.slice(name.lastIndexOf('.') + 1) as ImageKind['ext']];
      return send(request, reply, blobs, {
        key,
        contentType,
        fileName: name,
        etag,
        private: true,
        size: null,
      });
    },
  );
}
