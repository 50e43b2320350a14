import type { FastifyInstance } from 'fastify';
import {
  cachedQuerySchema,
  faviconParamsSchema,
  fetchMetaReplySchema,
  fetchMetaSchema,
  pagePictureParamsSchema,
  readerQuerySchema,
  readerReplySchema,
} from '../../../shared/schemas/capture.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import { contract, signedIn } from '../../platform/contract.ts';
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
  const { capture, auth, blobs } = deps;
  const r = contract(app);

  // Spec part 1 §7: POST {metadata host}/fetch_meta {url}; the metadata host is this server.
  r.post(
    '/fetch_meta',
    {
      preValidation: signedIn(auth),
      schema: {
        summary:
          "A page's title (the URL when unreadable), description and recommended tags; link_id when the URL is " +
          'already one of your bookmarks (saving it again updates that one)',
        body: fetchMetaSchema,
        response: { 200: fetchMetaReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      return capture.fetchMeta(user.id, request.body);
    },
  );

  r.get(
    '/api/items/reader',
    {
      schema: {
        summary: "A bookmark's stored reader HTML and capture status (owner, or anyone if public)",
        public: true,
        querystring: readerQuerySchema,
        response: { 200: readerReplySchema },
      },
    },
    async (request) => {
      const viewer = await auth.currentUser(request);
      return capture.reader(viewer, request.query);
    },
  );

  // Opened in a browser tab: a missing copy (or an item the viewer may not see) is a small page too.
  r.get(
    '/cached',
    {
      schema: {
        summary:
          'The stored copy of a page as a sandboxed HTML document (owner, or anyone if public); without one, a ' +
          '404 HTML page saying there is no cached copy yet',
        public: true,
        querystring: cachedQuerySchema,
        produces: 'text/html',
      },
    },
    async (request, reply) => {
      const viewer = await auth.currentUser(request);
      reply
        .header('content-security-policy', CACHED_PAGE_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .header('cache-control', 'private, no-cache');
      try {
        const copy = await capture.cached(viewer, request.query);
        return reply.type('text/html; charset=utf-8').send(renderCachedPage(copy));
      } catch (err) {
        if (!(err instanceof NotFoundError)) throw err;
        return reply.status(404).type('text/html; charset=utf-8').send(renderNoCopyPage());
      }
    },
  );

  // A stored copy's picture. The copy is a sandboxed document (an opaque origin, no cookies), so
  // the picture's random name is what grants it, as the copy that shows it was granted; only
  // pictures a stored copy still shows are served.
  r.get(
    '/api/files/pages/:userId/:name',
    {
      schema: {
        summary: "A stored page copy's picture (its random name grants it; only pictures a copy still shows)",
        public: true,
        params: pagePictureParamsSchema,
        produces: 'image/*',
      },
    },
    async (request, reply) => {
      const { userId, name } = request.params;
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
    },
  );

  // A site's icon for the library's rows, stored when a page of the site was first captured.
  r.get(
    '/api/favicons/:host',
    {
      schema: {
        summary: "A site's icon, fetched once per host when one of its pages is captured",
        public: true,
        params: faviconParamsSchema,
        produces: 'image/*',
      },
    },
    async (request, reply) => {
      const key = faviconKey(request.params.host);
      const stored = key ? await blobs.get(key) : null;
      stored?.stream.destroy();
      // an empty blob stands for a host that has no usable icon
      if (!key || !stored || stored.size === 0) throw new NotFoundError();
      return send(request, reply, blobs, {
        key,
        contentType: stored.contentType,
        fileName: 'favicon',
        etag: `${request.params.host.toLowerCase()}-${stored.size}`,
        private: false,
        size: stored.size,
        embeddable: true,
      });
    },
  );
}
