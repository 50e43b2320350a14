import type { FastifyInstance } from 'fastify';
import { noteCalls } from '../../../shared/api/notes.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { binder, type CallContext, schemaOf } from '../../platform/contract.ts';
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

  const bind = binder(app, auth);
  bind(
    noteCalls.save,
    async ({ user, body }) => {
      const { item, version, previousVersion } = await notes.save(user, body);
      return { items: [item] as [typeof item], version, previous_version: previousVersion };
    },
    { bodyLimit: NOTE_BODY_LIMIT },
  );

  // A note's pictures are as private as the note: only their owner gets them. Not bound as a
  // session call: a visitor gets the same 404 as any other viewer the picture is not for.
  app.route({
    method: noteCalls.picture.method,
    url: noteCalls.picture.path,
    schema: schemaOf(noteCalls.picture),
    handler: async (request, reply) => {
      const { userId, name } = request.params as CallContext<typeof noteCalls.picture>['params'];
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
  });
}
