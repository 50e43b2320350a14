import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { text } from '../../../shared/schemas/fields.ts';
import { listReplySchema, loadItemsSchema } from '../../../shared/schemas/items.ts';
import {
  COPY_ITEM_MSG,
  copyItemReplySchema,
  copyItemSchema,
  privateRssReplySchema,
  privateRssSchema,
  profileInfoQuerySchema,
  profileInfoReplySchema,
} from '../../../shared/schemas/profile.ts';
import { loadTagsReplySchema, loadTagsSchema } from '../../../shared/schemas/tags.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { contract, signedIn } from '../../platform/contract.ts';
import type { CopyService } from './copy.ts';
import { type RssService, renderRss } from './rss.ts';
import type { ProfileService } from './service.ts';

const feedParams = z.object({ name: text().max(100) });
const tagFeedParams = z.object({ name: text().max(100), tag: text().max(200) });
const privateFeedParams = z.object({ token: text().max(200) });

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
  const { profile, copy, rss, auth } = deps;
  const r = contract(app);
  const preValidation = signedIn(auth);
  const base = (request: FastifyRequest) =>
    deps.publicUrl ? deps.publicUrl.replace(/\/$/, '') : `${request.protocol}://${request.host}`;

  for (const [path, summary] of [
    ['/interact_api/load_user_profile_items', "A user's public library (public items only)"],
    ['/interact_api/search_user_profile_items', "Search a user's public library (public items only)"],
  ] as const) {
    r.get(
      path,
      { schema: { summary, public: true, querystring: loadItemsSchema, response: { 200: listReplySchema } } },
      async (request) => profile.items(await auth.currentUser(request), request.query),
    );
  }

  r.get(
    '/interact_api/load_user_profile_tags',
    {
      schema: {
        summary: "A user's public tags, counted over public items only",
        public: true,
        querystring: loadTagsSchema,
        response: { 200: loadTagsReplySchema },
      },
    },
    async (request) => profile.tags(request.query),
  );

  r.get(
    '/interact_api/load_profile_info',
    {
      schema: {
        summary: 'The user-meta header of a public profile',
        public: true,
        querystring: profileInfoQuerySchema,
        response: { 200: profileInfoReplySchema },
      },
    },
    async (request) => ({
      code: 1 as const,
      data: await profile.info(await auth.currentUser(request), request.query),
    }),
  );

  r.post(
    '/interact_api/copy_item',
    {
      preValidation,
      schema: {
        summary: "Save to My Library: copy another user's public item (copy_annotations: its highlights too)",
        body: copyItemSchema,
        response: { 200: copyItemReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      const item = await copy.copy(user, request.body);
      return { code: 1 as const, message: COPY_ITEM_MSG.saved, items: [item] };
    },
  );

  r.post(
    '/api/rss/private',
    {
      preValidation,
      schema: {
        summary: 'Turn the private RSS feed of the whole library on (premium; a new secret address) or off',
        body: privateRssSchema,
        response: { 200: privateRssReplySchema },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      const { enabled, path } = await rss.setPrivateFeed(user, request.body);
      return { code: 1 as const, enabled, feed_url: path ? `${base(request)}${path}` : '' };
    },
  );

  const sendFeed = (request: FastifyRequest, feed: Parameters<typeof renderRss>[0], cache: string) => ({
    body: renderRss(feed, base(request)),
    cache,
  });

  r.get(
    '/rss/:name',
    {
      schema: {
        summary: "RSS 2.0 feed of a user's public items",
        public: true,
        params: feedParams,
        produces: 'application/rss+xml',
      },
    },
    async (request, reply) => {
      const out = sendFeed(request, await rss.publicFeed(request.params.name), 'public, max-age=300');
      return reply
        .header('content-type', 'application/rss+xml; charset=utf-8')
        .header('cache-control', out.cache)
        .send(out.body);
    },
  );

  r.get(
    '/rss/:name/tag/:tag',
    {
      schema: {
        summary: "RSS 2.0 feed of one of a user's public tags",
        public: true,
        params: tagFeedParams,
        produces: 'application/rss+xml',
      },
    },
    async (request, reply) => {
      const feed = await rss.publicFeed(request.params.name, request.params.tag);
      const out = sendFeed(request, feed, 'public, max-age=300');
      return reply
        .header('content-type', 'application/rss+xml; charset=utf-8')
        .header('cache-control', out.cache)
        .send(out.body);
    },
  );

  r.get(
    '/rss/private/:token',
    {
      schema: {
        summary: 'RSS 2.0 feed of a whole library, behind its secret token',
        public: true,
        params: privateFeedParams,
        produces: 'application/rss+xml',
      },
    },
    async (request, reply) => {
      const out = sendFeed(request, await rss.privateFeed(request.params.token), 'private, no-store');
      return reply
        .header('content-type', 'application/rss+xml; charset=utf-8')
        .header('cache-control', out.cache)
        .header('referrer-policy', 'no-referrer')
        .send(out.body);
    },
  );
}
