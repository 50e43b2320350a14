import type { FastifyInstance, FastifyRequest } from 'fastify';
import { savedSearchCalls } from '../../../shared/api/saved-searches.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import { renderRss } from '../profile/rss.ts';
import type { SavedSearchesService } from './service.ts';

export function registerSavedSearchRoutes(
  app: FastifyInstance,
  deps: { searches: SavedSearchesService; auth: Auth; publicUrl: string | undefined },
) {
  const { searches } = deps;
  const bind = binder(app, deps.auth);
  const base = (request: FastifyRequest) =>
    deps.publicUrl ? deps.publicUrl.replace(/\/$/, '') : `${request.protocol}://${request.host}`;

  bind(savedSearchCalls.list, ({ user }) => searches.list(user));
  bind(savedSearchCalls.create, ({ user, body }) => searches.create(user, body));
  bind(savedSearchCalls.remove, ({ user, params }) => searches.remove(user, params.id));
  bind(savedSearchCalls.feed, async ({ params, request, reply }) => {
    const feed = await searches.feed(params.id, params.token);
    return reply
      .header('content-type', 'application/rss+xml; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .send(renderRss(feed, base(request)));
  });
}
