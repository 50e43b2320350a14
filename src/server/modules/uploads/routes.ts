import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { noteImageQuerySchema } from '../../../shared/schemas/notes.ts';
import {
  fileQuerySchema,
  THUMB_WIDTHS,
  type ThumbWidth,
  UPLOAD_MAX_BYTES,
  UPLOAD_MSG,
  type UploadKind,
} from '../../../shared/schemas/uploads.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { NotFoundError, parse, ValidationError } from '../../platform/errors.ts';
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
    return uploads.rotate(user, request.body);
  });

  const serve = async (request: FastifyRequest, reply: FastifyReply, width: ThumbWidth | null) => {
    const { linkId } = request.params as { linkId: string };
    const { download } = parse(fileQuerySchema, request.query);
    if (!/^\d{1,18}$/.test(linkId)) throw new NotFoundError();
    const viewer = await auth.currentUser(request);
    const file = await uploads.served(viewer?.id ?? null, Number(linkId), width);
    return send(request, reply, blobs, file, download === '1');
  };
  app.get('/api/files/items/:linkId/file', (request, reply) => serve(request, reply, null));
  app.get('/api/files/items/:linkId/thumb/:width', (request, reply) => {
    const width = Number((request.params as { width: string }).width);
    if (!(THUMB_WIDTHS as readonly number[]).includes(width)) throw new NotFoundError();
    return serve(request, reply, width as ThumbWidth);
  });
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
