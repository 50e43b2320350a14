import type { FastifyInstance } from 'fastify';
import type { Auth } from '../../platform/auth/auth.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { CACHED_PAGE_CSP, renderCachedPage, renderNoCopyPage } from './cached-page.ts';
import type { CaptureService } from './service.ts';

export function registerCaptureRoutes(app: FastifyInstance, deps: { capture: CaptureService; auth: Auth }) {
  const { capture, auth } = deps;

  // Spec part 1 §7: POST {metadata host}/fetch_meta {url}; the metadata host is this server.
  app.post('/fetch_meta', async (request) => {
    const user = await auth.requireUser(request);
    return capture.fetchMeta(user.id, request.body);
  });

  app.get('/api/items/reader', async (request) => {
    const viewer = await auth.currentUser(request);
    return capture.reader(viewer, request.query);
  });

  // Opened in a browser tab: a missing copy (or an item the viewer may not see) is a small page too.
  app.get('/cached', async (request, reply) => {
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
  });
}
