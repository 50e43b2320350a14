import type { FastifyInstance } from 'fastify';
import { captureCalls } from '../../../shared/api/capture.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { binder } from '../../platform/contract.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { send } from '../../platform/send-file.ts';
import { IMAGE_MIME, type ImageKind } from '../notes/images.ts';
import { CACHED_PAGE_CSP, renderCachedPage, renderNoCopyPage } from './cached-page.ts';
import { faviconKey } from './favicons.ts';
import { pictureKey } from './pictures.ts';
import type { CaptureService } from './service.ts';

export function registerCaptureRoutes(
  app: FastifyInstance,
  deps: { capture: CaptureService; auth: Auth; blobs: BlobStore },
) {
  const { capture, blobs } = deps;
  const bind = binder(app, deps.auth);

  bind(captureCalls.fetchMeta, ({ user, body }) => capture.fetchMeta(user.id, body));

  bind(captureCalls.reader, ({ user, query }) => capture.reader(user, query));

  // Opened in a browser tab: a missing copy (or an item the viewer may not see) is a small page too.
  bind(captureCalls.cached, async ({ user, query, reply }) => {
    reply
      .header('content-security-policy', CACHED_PAGE_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'private, no-cache');
    try {
      const copy = await capture.cached(user, query);
      return reply.type('text/html; charset=utf-8').send(renderCachedPage(copy));
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
      return reply.status(404).type('text/html; charset=utf-8').send(renderNoCopyPage());
    }
  });

  // A stored copy's picture. The copy is a sandboxed document (an opaque origin, no cookies), so
  // the picture's random name is what grants it, as the copy that shows it was granted; only
  // pictures a stored copy still shows are served.
  bind(captureCalls.pagePicture, async ({ params, request, reply }) => {
    const { userId, name } = params;
    const key = pictureKey(userId, name);
    if (!key || !(await capture.pictureShown(Number(userId), key))) throw new NotFoundError();
    const ext = name.slice(name.lastIndexOf('.') + 1) as ImageKind['ext'];
    return send(request, reply, blobs, {
      key,
      contentType: IMAGE_MIME[ext],
      fileName: name,
      etag: name.slice(0, name.lastIndexOf('.')),
      private: true,
      size: null,
      embeddable: true,
    });
  });

  // A site's icon for the library's rows, stored when a page of the site was first captured.
  bind(captureCalls.favicon, async ({ params, request, reply }) => {
    const key = faviconKey(params.host);
    const stored = key ? await blobs.get(key) : null;
    stored?.stream.destroy();
    // an empty blob stands for a host that has no usable icon
    if (!key || !stored || stored.size === 0) throw new NotFoundError();
    return send(request, reply, blobs, {
      key,
      contentType: stored.contentType,
      fileName: 'favicon',
      etag: `${params.host.toLowerCase()}-${stored.size}`,
      private: false,
      size: stored.size,
      embeddable: true,
    });
  });
}
