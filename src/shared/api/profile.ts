import { listReplySchema, loadItemsSchema } from '../schemas/items.ts';
import {
  copyItemReplySchema,
  copyItemSchema,
  feedParamsSchema,
  privateFeedParamsSchema,
  privateRssReplySchema,
  privateRssSchema,
  profileInfoQuerySchema,
  profileInfoReplySchema,
  profileTagsQuerySchema,
  tagFeedParamsSchema,
} from '../schemas/profile.ts';
import { loadTagsReplySchema } from '../schemas/tags.ts';
import { defineCall } from './define.ts';

/** The public library (spec part 2 §2), Save to My Library and the RSS feeds. */
export const profileCalls = {
  items: defineCall({
    method: 'GET',
    path: '/interact_api/load_user_profile_items',
    summary: "A user's public library (public items only)",
    caller: 'visitor',
    query: loadItemsSchema,
    reply: listReplySchema,
  }),
  search: defineCall({
    method: 'GET',
    path: '/interact_api/search_user_profile_items',
    summary: "Search a user's public library (public items only)",
    caller: 'visitor',
    query: loadItemsSchema,
    reply: listReplySchema,
  }),
  tags: defineCall({
    method: 'GET',
    path: '/interact_api/load_user_profile_tags',
    summary: "A user's public tags, counted over public items only",
    caller: 'visitor',
    query: profileTagsQuerySchema,
    reply: loadTagsReplySchema,
  }),
  info: defineCall({
    method: 'GET',
    path: '/interact_api/load_profile_info',
    summary: 'The user-meta header of a public profile',
    caller: 'visitor',
    query: profileInfoQuerySchema,
    reply: profileInfoReplySchema,
  }),
  copyItem: defineCall({
    method: 'POST',
    path: '/interact_api/copy_item',
    summary: "Save to My Library: copy another user's public item (copy_annotations: its highlights too)",
    caller: 'session',
    body: copyItemSchema,
    reply: copyItemReplySchema,
  }),
  privateRss: defineCall({
    method: 'POST',
    path: '/api/rss/private',
    summary: 'Turn the private RSS feed of the whole library on (premium; a new secret address) or off',
    caller: 'session',
    body: privateRssSchema,
    reply: privateRssReplySchema,
  }),
  feed: defineCall({
    method: 'GET',
    path: '/rss/:name',
    summary: "RSS 2.0 feed of a user's public items",
    caller: 'visitor',
    params: feedParamsSchema,
    produces: 'application/rss+xml',
  }),
  tagFeed: defineCall({
    method: 'GET',
    path: '/rss/:name/tag/:tag',
    summary: "RSS 2.0 feed of one of a user's public tags",
    caller: 'visitor',
    params: tagFeedParamsSchema,
    produces: 'application/rss+xml',
  }),
  privateFeed: defineCall({
    method: 'GET',
    path: '/rss/private/:token',
    summary: 'RSS 2.0 feed of a whole library, behind its secret token',
    caller: 'visitor',
    params: privateFeedParamsSchema,
    produces: 'application/rss+xml',
  }),
};
