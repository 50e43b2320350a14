import {
  cachedQuerySchema,
  faviconParamsSchema,
  fetchMetaReplySchema,
  fetchMetaSchema,
  pagePictureParamsSchema,
  readerQuerySchema,
  readerReplySchema,
} from '../schemas/capture.ts';
import { defineCall } from './define.ts';

export const captureCalls = {
  /** Spec part 1 §7: POST {metadata host}/fetch_meta {url}; the metadata host is this server. */
  fetchMeta: defineCall({
    method: 'POST',
    path: '/fetch_meta',
    summary:
      "A page's title (the URL when unreadable), description and recommended tags; link_id when the URL is " +
      'already one of your bookmarks (saving it again updates that one)',
    caller: 'session',
    body: fetchMetaSchema,
    reply: fetchMetaReplySchema,
  }),
  reader: defineCall({
    method: 'GET',
    path: '/api/items/reader',
    summary: "A bookmark's stored reader HTML and capture status (owner, or anyone if public)",
    caller: 'visitor',
    query: readerQuerySchema,
    reply: readerReplySchema,
  }),
  /** Opened in a browser tab: a missing copy (or an item the viewer may not see) is a small page too. */
  cached: defineCall({
    method: 'GET',
    path: '/cached',
    summary:
      'The stored copy of a page as a sandboxed HTML document (owner, or anyone if public); without one, a ' +
      '404 HTML page saying there is no cached copy yet',
    caller: 'visitor',
    query: cachedQuerySchema,
    produces: 'text/html',
  }),
  /**
   * A stored copy's picture. The copy is a sandboxed document (an opaque origin, no cookies), so the
   * picture's random name is what grants it, as the copy that shows it was granted.
   */
  pagePicture: defineCall({
    method: 'GET',
    path: '/api/files/pages/:userId/:name',
    summary: "A stored page copy's picture (its random name grants it; only pictures a copy still shows)",
    caller: 'visitor',
    params: pagePictureParamsSchema,
    produces: 'image/*',
  }),
  /** A site's icon for the library's rows, stored when a page of the site was first captured. */
  favicon: defineCall({
    method: 'GET',
    path: '/api/favicons/:host',
    summary: "A site's icon, fetched once per host when one of its pages is captured",
    caller: 'visitor',
    params: faviconParamsSchema,
    produces: 'image/*',
  }),
};
