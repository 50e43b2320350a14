import type { FastifyInstance, FastifyRequest } from 'fastify';
import { profileCalls } from '../../../shared/api/profile.ts';
import { COPY_ITEM_MSG } from '../../../shared/schemas/profile.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import type { CopyService } from './copy.ts';
import { type RssService, renderRss } from './rss.ts';
import type { ProfileService } from './service.ts';

export function registerProfileRoutes(
  app: FastifyInstance,
  deps: {
    profile: ProfileService;
    copy: CopyService;
    rss: RssService;
    auth: Auth;
    publicUrl?: string | null;
  },
) {
  const { profile, copy, rss } = deps;
  const bind = binder(app, deps.auth);
  const base = (request: FastifyRequest) =>
    deps.publicUrl ? deps.publicUrl.replace(/\/$/, '') : `${request.protocol}://${request.host}`;

  bind(profileCalls.items, ({ user, query }) => profile.items(user, query));
  bind(profileCalls.search, ({ user, query }) => profile.items(user, query));

  bind(profileCalls.tags, ({ query }) => profile.tags(query));

  bind(profileCalls.info, async ({ user, query }) => ({
    code: 1 as const,
    data: await profile.info(user, query),
  }));

  bind(profileCalls.copyItem, async ({ user, body }) => {
    const item = await copy.copy(user, body);
    return { code: 1 as const, message: COPY_ITEM_MSG.saved, items: [item] };
  });

  bind(profileCalls.privateRss, async ({ user, body, request }) => {
    const { enabled, path } = await rss.setPrivateFeed(user, body);
    return { code: 1 as const, enabled, feed_url: path ? `${base(request)}${path}` : '' };
  });

  const sendFeed = (request: FastifyRequest, feed: Parameters<typeof renderRss>[0], cache: string) => ({
    body: renderRss(feed, base(request)),
    cache,
  });

  bind(profileCalls.feed, async ({ params, request, reply }) => {
    const out = sendFeed(request, await rss.publicFeed(params.name), 'public, max-age=300');
    return reply
      .header('content-type', 'application/rss+xml; charset=utf-8')
      .header('cache-control', out.cache)
      .send(out.body);
  });

  bind(profileCalls.tagFeed, async ({ params, request, reply }) => {
    const feed = await rss.publicFeed(params.name, params.tag);
    const out = sendFeed(request, feed, 'public, max-age=300');
    return reply
      .header('content-type', 'application/rss+xml; charset=utf-8')
      .header('cache-control', out.cache)
      .send(out.body);
  });

  bind(profileCalls.privateFeed, async ({ params, request, reply }) => {
    const out = sendFeed(request, await rss.privateFeed(params.token), 'private, no-store');
    return reply
      .header('content-type', 'application/rss+xml; charset=utf-8')
      .header('cache-control', out.cache)
      .header('referrer-policy', 'no-referrer')
      .send(out.body);
  });
}
