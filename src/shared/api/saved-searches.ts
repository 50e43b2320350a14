import {
  createSavedSearchSchema,
  savedSearchDeletedSchema,
  savedSearchesReplySchema,
  savedSearchFeedParamsSchema,
  savedSearchParamsSchema,
  savedSearchReplySchema,
} from '../schemas/saved-searches.ts';
import { defineCall } from './define.ts';

/** Library searches and filters kept under a name, with live counts and a private feed each. */
export const savedSearchCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/saved-searches',
    summary: "The caller's saved searches with the number of items each matches now",
    caller: 'session',
    reply: savedSearchesReplySchema,
  }),
  create: defineCall({
    method: 'POST',
    path: '/api/saved-searches',
    summary:
      "Save a library search {name, query: the library page's query string, e.g. what=%23ferns&unread=yes}",
    caller: 'session',
    body: createSavedSearchSchema,
    reply: savedSearchReplySchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/saved-searches/:id',
    summary: 'Delete a saved search (its feed address stops working)',
    caller: 'session',
    params: savedSearchParamsSchema,
    reply: savedSearchDeletedSchema,
  }),
  feed: defineCall({
    method: 'GET',
    path: '/rss/search/:id/:token',
    summary: "RSS 2.0 feed of a saved search's items, behind its secret address (premium)",
    caller: 'visitor',
    params: savedSearchFeedParamsSchema,
    produces: 'application/rss+xml',
  }),
};
