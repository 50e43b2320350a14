import {
  duplicatesQuerySchema,
  duplicatesReplySchema,
  mergeDuplicatesReplySchema,
  mergeDuplicatesSchema,
} from '../schemas/duplicates.ts';
import { defineCall } from './define.ts';

/** Duplicates: items of one library that are the same page (shared/url-key.ts), and their merge. */
export const duplicateCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/duplicates',
    summary: "Groups of the caller's bookmarks whose normalised addresses match (20 groups a page)",
    caller: 'session',
    query: duplicatesQuerySchema,
    reply: duplicatesReplySchema,
  }),
  merge: defineCall({
    method: 'POST',
    path: '/api/duplicates/merge',
    summary:
      'Fold tags, highlights, sticky notes, notes, outliner entries, star and shares of `merge` ' +
      '(comma-separated ids) into `keep`, and move them to the trash',
    caller: 'session',
    body: mergeDuplicatesSchema,
    reply: mergeDuplicatesReplySchema,
  }),
};
