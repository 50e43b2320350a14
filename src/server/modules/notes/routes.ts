import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Auth } from '../../platform/auth/auth.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
import { permits } from '../items/access.ts';
import { IMAGE_MISSING_MESSAGE, noteImageKey, storeNoteImage } from './images.ts';
import type { NotesService } from './service.ts';

/** The picture field of the note editor's upload; plain `files` is accepted too. */
const FILE_FIELDS = new Set(['files[]', 'files']);
/** A note's JSON body: the content cap (1,000,000 characters) plus escaping room. */
const NOTE_BODY_LIMIT = 4 * 1024 * 1024;

export interface NotesRouteDeps {
  notes: NotesService;
  auth: Auth;
  blobs: BlobStore;
}

export async function registerNoteRoutes(app: FastifyInstance, deps: NotesRouteDeps) {
  const { notes, auth, blobs } = deps;

  app.post('/item/save/note', { bodyLimit: NOTE_BODY_LIMIT }, async (request) => {
    const user = await auth.requireUser(request);
    const { item, version, previousVersion } = await notes.save(user, request.body);
    return { items: [item], version, previous_version: previousVersion };
  });

  // A note's pictures are as private as the note: only their owner gets them.
  app.get('/api/files/notes/:userId/:name', async (request, reply) => {
    const { userId, name } = request.params as { userId: string; name: string };
    const user = await auth.currentUser(request);
    const key = noteImageKey(userId, name);
    // the pictures of a note (always private) follow the note's access rule
    if (!key || !permits(user, { userId: Number(userId), private: true }, 'read')) throw new NotFoundError();
    const blob = await blobs.get(key);
    if (!blob) throw new NotFoundError();
    return reply
      .header('content-type', blob.contentType)
      .header('content-length', String(blob.size))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'")
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(blob.stream);
  });
}

/**
 * POST /item/save/image?for=note (the route is registered by modules/uploads, which owns the
 * path): stores the first picture of the request; further files are read and dropped.
 */
export async function receiveNoteImage(
  request: FastifyRequest,
  blobs: BlobStore,
  userId: number,
): Promise<string> {
  let url: string | undefined;
  for await (const part of request.parts()) {
    if (part.type !== 'file') continue;
    if (url !== undefined || !FILE_FIELDS.has(part.fieldname)) {
      part.file.resume();
      continue;
    }
    try {
      url = await storeNoteImage(blobs, userId, part.file);
    } catch (err) {
      // read the rest so the client gets the answer instead of a reset connection
      part.file.resume();
      throw err;
    }
  }
  if (url === undefined) throw new ValidationError(IMAGE_MISSING_MESSAGE, 'files[]');
  return url;
}
