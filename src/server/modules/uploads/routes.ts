import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { oneItemReplySchema } from '../../../shared/schemas/items.ts';
import { noteImageQuerySchema, noteImageReplySchema } from '../../../shared/schemas/notes.ts';
import {
  fileQuerySchema,
  rotateImageSchema,
  rotateReplySchema,
  THUMB_WIDTHS,
  type ThumbWidth,
  UPLOAD_MAX_BYTES,
  UPLOAD_MSG,
  type UploadKind,
  uploadMultipartSchema,
} from '../../../shared/schemas/uploads.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { contract, signedIn } from '../../platform/contract.ts';
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
  const { uploads, auth, blobs } = deps;
  const preValidation = signedIn(auth);

  const upload = async (request: FastifyRequest, callKind: UploadKind | null) => {
    const user = await auth.requireUser(request);
    if (!request.isMultipart()) throw new ValidationError(UPLOAD_MSG.missing, 'qqfile');
    const received = await receiveUpload(request, {
      blobs,
      userId: user.id,
      maxBytes: UPLOAD_MAX_BYTES,
      accept: (type, fields) => uploads.accept(user, callKind, type, fields),
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
    const r = contract(scope);
    const response = { 200: oneItemReplySchema };
    r.post(
      '/item/save',
      {
        preValidation,
        schema: {
          summary:
            'Upload a PDF or image (qqfile below 67108864 bytes, checked by its first bytes, and the form fields); ' +
            "replies {items: [item]}, or 402 {code: -2, message} at the plan's limit",
          multipart: uploadMultipartSchema,
          response,
        },
      },
      (request) => upload(request, null),
    );
    r.post(
      '/item/save/pdf',
      {
        preValidation,
        schema: {
          summary: 'Upload a PDF item (as POST /item/save with dtype pdf)',
          multipart: uploadMultipartSchema,
          response,
        },
      },
      (request) => upload(request, 'pdf'),
    );
    // the note editor's pictures share the path (?for=note) and keep their own rules
    r.post(
      '/item/save/image',
      {
        preValidation,
        schema: {
          summary:
            'Upload an image item (qqfile: jpeg, png, gif or bmp below 64 MB, and the upload form fields); replies ' +
            "{items: [item]}, or 402 {code: -2} at the plan's limit. With ?for=note: a picture for a note (files[]), " +
            'replying image_url_embeded_in_note',
          querystring: noteImageQuerySchema.partial(),
          multipart: uploadMultipartSchema,
          response: { 200: z.union([oneItemReplySchema, noteImageReplySchema]) },
        },
      },
      async (request) => {
        if (request.query.for === undefined) return upload(request, 'image');
        const user = await auth.requireUser(request);
        if (!request.isMultipart()) throw new ValidationError(IMAGE_MISSING_MESSAGE, 'files[]');
        return { image_url_embeded_in_note: await receiveNoteImage(request, blobs, user.id) };
      },
    );
  });

  const r = contract(app);
  r.post(
    '/api/files/rotate',
    {
      preValidation,
      schema: {
        summary: "Keep an image item's preview rotation (0, 90, 180, 270)",
        body: rotateImageSchema,
        response: { 200: rotateReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      return uploads.rotate(user, request.body);
    },
  );

  const serve = (request: FastifyRequest, reply: FastifyReply, width: ThumbWidth | null) =>
    serveItemFile(request, reply, { uploads, auth, blobs }, width);
  r.get(
    '/api/files/items/:linkId/file',
    {
      schema: {
        summary:
          "A pdf or image item's file (owner, or anyone if public): inline, or attachment with ?download=1; " +
          'single byte ranges (206/416), ETag',
        public: true,
        params: z.object({ linkId: z.string() }),
        querystring: fileQuerySchema,
        produces: 'application/octet-stream',
      },
    },
    (request, reply) => serve(request, reply, null),
  );
  r.get(
    '/api/files/items/:linkId/thumb/:width',
    {
      schema: {
        summary: "An image item's webp thumbnail, 550 (grid), 160 (list) or 150 (preview) px wide",
        public: true,
        params: z.object({ linkId: z.string(), width: z.string() }),
        querystring: fileQuerySchema,
        produces: 'image/webp',
      },
    },
    (request, reply) => {
      const width = Number(request.params.width);
      if (!(THUMB_WIDTHS as readonly number[]).includes(width)) throw new NotFoundError();
      return serve(request, reply, width as ThumbWidth);
    },
  );
}
