import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { noteImageQuerySchema } from '../../../shared/schemas/notes.ts';
import {
  THUMB_WIDTHS,
  type ThumbWidth,
  UPLOAD_MAX_BYTES,
  UPLOAD_MSG,
  type UploadKind,
} from '../../../shared/schemas/uploads.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { NotFoundError, parse, ValidationError } from '../../platform/errors.ts';
import { IMAGE_MISSING_MESSAGE, receiveNoteImage } from '../notes/images.ts';
import { receiveUpload } from './receive.ts';
import { serveItemFile } from './serve.ts';
import type { UploadsService } from './service.ts';

export interface UploadRouteDeps {
  uploads: UploadsService;
  auth: Auth;
  blobs: BlobStore;
}

export async function registerUploadRoutes(app: FastifyInstance, deps: UploadRouteDeps) {
  const { uploads, auth, blobs } = deps;

  const upload = async (request: FastifyRequest, callKind: UploadKind | null) => {
    const user = await auth.requireUser(request);
    if (!request.isMultipart()) throw new ValidationError(UPLOAD_MSG.missing, 'qqfile');
    const received = await receiveUpload(request, {
      blobs,
      userId: user.id,
      maxBytes: UPLOAD_MAX_BYTES,
      accept: (type, fields) => uploads.accept(user.id, callKind, type, fields),
    });
    const item = await uploads.save(user, callKind, received);
    return { items: [item] };
  };

  // multipart only in this scope, so another module may register its own parser options
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // one byte over our own cap, so receive.ts sees the oversize file and answers the spec's text
      limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 5, fields: 30, fieldSize: 64 * 1024, parts: 40 },
    });
    scope.post('/item/save', (request) => upload(request, null));
    scope.post('/item/save/pdf', (request) => upload(request, 'pdf'));
    // the note editor's pictures share the path (?for=note) and keep their own rules
    scope.post('/item/save/image', async (request) => {
      const query = request.query as Record<string, unknown>;
      if (query.for === undefined) return upload(request, 'image');
      const user = await auth.requireUser(request);
      parse(noteImageQuerySchema, query);
      if (!request.isMultipart()) throw new ValidationError(IMAGE_MISSING_MESSAGE, 'files[]');
      return { image_url_embeded_in_note: await receiveNoteImage(request, blobs, user.id) };
    });
  });

  app.post('/api/files/rotate', async (request) => {
    const user = await auth.requireUser(request);
    return uploads.rotate(user.id, request.body);
  });

  const serve = (request: FastifyRequest, reply: FastifyReply, width: ThumbWidth | null) =>
    serveItemFile(request, reply, { uploads, auth, blobs }, width);
  app.get('/api/files/items/:linkId/file', (request, reply) => serve(request, reply, null));
  app.get('/api/files/items/:linkId/thumb/:width', (request, reply) => {
    const width = Number((request.params as { width: string }).width);
    if (!(THUMB_WIDTHS as readonly number[]).includes(width)) throw new NotFoundError();
    return serve(request, reply, width as ThumbWidth);
  });
}
