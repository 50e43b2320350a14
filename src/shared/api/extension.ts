import {
  itemByUrlReplySchema,
  itemByUrlSchema,
  saveRenderedReplySchema,
  saveRenderedSchema,
} from '../schemas/extension.ts';
import { defineCall } from './define.ts';

/** The browser extension's calls (docs/extension.md); its highlights use the annotation calls. */
export const extensionCalls = {
  saveRendered: defineCall({
    method: 'POST',
    path: '/api/items/rendered',
    summary:
      'Save a page as the browser rendered it: the add form’s fields (url, title, description, tags, unread, ' +
      'private), html (the document after its scripts ran, sanitised and stored like a capture) and screenshot ' +
      '(a data: URL of the visible area: the item’s thumbnail). A page already in the library is updated; ' +
      'replies {code: 1, item}',
    caller: 'session',
    body: saveRenderedSchema,
    reply: saveRenderedReplySchema,
  }),
  byUrl: defineCall({
    method: 'GET',
    path: '/api/items/by-url',
    summary: "The caller's bookmark of exactly this address: {link_id} (null when it is not in the library)",
    caller: 'session',
    query: itemByUrlSchema,
    reply: itemByUrlReplySchema,
  }),
  download: defineCall({
    method: 'GET',
    path: '/extension/folio-extension.zip',
    summary: 'The browser extension, packed (built by npm run build:extension); 404 when it was not built',
    caller: 'visitor',
    produces: 'application/zip',
  }),
};
