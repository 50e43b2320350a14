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
import { IMAGE_MISSING_MESSAGE } from '../notes/images.ts';
import { receiveNoteImage } from '../notes/routes.ts';
import { receiveUpload } from './receive.ts';
import { contentDisposition, etagMatches, parseRange } from './serve.ts';
import type { ServedFile, UploadsService } from './service.ts';

export interface UploadRouteDeps {
  uploads: UploadsService;
  auth: Auth;
  blobs: BlobStore;
}

/** A year: the blob behind a URL never changes (a new upload is a new item). */
const IMMUTABLE = 'max-age=31536000, immutable';
/** Public files may sit in shared caches; a day bounds how long one outlives a switch to private. */
const PUBLIC_CACHE = 'public, max-age=86400';

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
      return uploads.rotate(user.id, request.body);
    },
  );

  const serve = async (request: FastifyRequest, reply: FastifyReply, width: ThumbWidth | null) => {
    const { linkId } = request.params as { linkId: string };
    const { download } = request.query as z.output<typeof fileQuerySchema>;
    if (!/^\d{1,18}$/.test(linkId)) throw new NotFoundError();
    const viewer = await auth.currentUser(request);
    const file = await uploads.served(viewer?.id ?? null, Number(linkId), width);
    return send(request, reply, blobs, file, download === '1');
  };
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

/**
 * Sends a stored file so it can be viewed but never run: its own type, nosniff, a CSP that
 * forbids everything (and sandboxes the document), a strong ETag and, for the file itself, one
 * byte range (pdf.js reads large PDFs in pieces).
 */
async function send(
  request: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  file: ServedFile,
  download: boolean,
) {
  const etag = `"${file.etag}"`;
  const cache = file.private ? `private, ${IMMUTABLE}` : PUBLIC_CACHE;
  reply.header('etag', etag).header('cache-control', cache);
  if (file.private) reply.header('vary', 'Cookie');
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();

  let range = file.size === null ? null : parseRange(request.headers.range, file.size);
  const ifRange = request.headers['if-range'];
  if (range && ifRange && ifRange !== etag) range = null;
  if (file.size !== null) reply.header('accept-ranges', 'bytes');
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${file.size}`).send();
  }
  const blob = await blobs.get(file.key, range ?? undefined);
  if (!blob) throw new NotFoundError();
  reply
    .header('content-type', file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    // public pictures may be embedded on other sites (the image share dialog's Embed tab)
    .header('cross-origin-resource-policy', file.private ? 'same-origin' : 'cross-origin')
    .header('content-disposition', contentDisposition(download ? 'attachment' : 'inline', file.fileName));
  if (range) {
    reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${blob.size}`)
      .header('content-length', String(range.end - range.start + 1));
  } else {
    reply.header('content-length', String(blob.size));
  }
  return reply.send(blob.stream);
}
