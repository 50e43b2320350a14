import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uploadCalls } from '../../../shared/api/uploads.ts';
import {
  THUMB_WIDTHS,
  type ThumbWidth,
  UPLOAD_MAX_BYTES,
  UPLOAD_MSG,
  type UploadKind,
} from '../../../shared/schemas/uploads.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import type { SessionUser } from '../../platform/auth/sessions.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { binder } from '../../platform/contract.ts';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
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
  const { uploads, blobs } = deps;

  const upload = async (request: FastifyRequest, user: SessionUser, callKind: UploadKind | null) => {
    if (!request.isMultipart()) throw new ValidationError(UPLOAD_MSG.missing, 'qqfile');
    const received = await receiveUpload(request, {
      blobs,
      userId: user.id,
      maxBytes: UPLOAD_MAX_BYTES,
      accept: (type, fields) => uploads.accept(user, callKind, type, fields),
    });
    const item = await uploads.save(user, callKind, received);
    return { items: [item] as [typeof item] };
  };

  // multipart only in this scope, so another module may register its own parser options
  await app.register(async (scope) => {
    await scope.register(multipart, {
      // one byte over our own cap, so receive.ts sees the oversize file and answers the spec's text
      limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: 5, fields: 30, fieldSize: 64 * 1024, parts: 40 },
    });
    const bind = binder(scope, deps.auth);
    bind(uploadCalls.save, ({ user, request }) => upload(request, user, null));
    bind(uploadCalls.savePdf, ({ user, request }) => upload(request, user, 'pdf'));
    // the note editor's pictures share the path (?for=note) and keep their own rules
    bind(uploadCalls.saveImage, async ({ user, query, request }) => {
      if (query.for === undefined) return upload(request, user, 'image');
      if (!request.isMultipart()) throw new ValidationError(IMAGE_MISSING_MESSAGE, 'files[]');
      return { image_url_embeded_in_note: await receiveNoteImage(request, blobs, user.id) };
    });
  });

  const bind = binder(app, deps.auth);
  bind(uploadCalls.rotate, ({ user, body }) => uploads.rotate(user, body));

  bind(uploadCalls.file, ({ user, params, query, request, reply }) =>
    serveItemFile(request, reply, { uploads, blobs }, { viewer: user, ...params, ...query, width: null }),
  );
  bind(uploadCalls.thumb, ({ user, params, query, request, reply }) => {
    const width = Number(params.width);
    if (!(THUMB_WIDTHS as readonly number[]).includes(width)) throw new NotFoundError();
    return serveItemFile(
      request,
      reply,
      { uploads, blobs },
      { viewer: user, linkId: params.linkId, ...query, width: width as ThumbWidth },
    );
  });
}
