import type { FastifyReply, FastifyRequest } from 'fastify';
import { fileQuerySchema, type ThumbWidth } from '../../../shared/schemas/uploads.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { NotFoundError, parse } from '../../platform/errors.ts';
import { send } from '../../platform/send-file.ts';
import type { UploadsService } from './service.ts';

export interface ServeDeps {
  uploads: UploadsService;
  auth: Auth;
  blobs: BlobStore;
}

/**
 * GET /api/files/items/:linkId/file and .../thumb/:width: the file (or thumbnail) when the viewer
 * owns the item or it is public, else the same 404 as a missing item; sent by platform send().
 */
export async function serveItemFile(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: ServeDeps,
  width: ThumbWidth | null,
) {
  const { linkId } = request.params as { linkId: string };
  const { download } = parse(fileQuerySchema, request.query);
  if (!/^\d{1,18}$/.test(linkId)) throw new NotFoundError();
  const viewer = await deps.auth.currentUser(request);
  const file = await deps.uploads.served(viewer?.id ?? null, Number(linkId), width);
  return send(
    request,
    reply,
    deps.blobs,
    { ...file, embeddable: !file.private },
    { download: download === '1' },
  );
}
