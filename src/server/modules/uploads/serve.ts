import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileQueryInput, ThumbWidth } from '../../../shared/schemas/uploads.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { send } from '../../platform/send-file.ts';
import type { UploadsService } from './service.ts';

export interface ServeDeps {
  uploads: UploadsService;
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
  file: { viewer: { id: number } | null; linkId: string; width: ThumbWidth | null } & FileQueryInput,
) {
  const { viewer, linkId, width, download } = file;
  if (!/^\d{1,18}$/.test(linkId)) throw new NotFoundError();
  const served = await deps.uploads.served(viewer?.id ?? null, Number(linkId), width);
  return send(
    request,
    reply,
    deps.blobs,
    { ...served, embeddable: !served.private },
    { download: download === '1' },
  );
}
