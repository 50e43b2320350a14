import {
  overQuotaReplySchema,
  trashChangeReplySchema,
  trashIdsSchema,
  trashListReplySchema,
  trashListSchema,
} from '../schemas/trash.ts';
import { defineCall } from './define.ts';

/** The trash: what delete_b moved there, kept TRASH_DAYS days (issue 33). */
export const trashCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/trash',
    summary: "The caller's trashed items, most recently trashed first (48 a page)",
    caller: 'session',
    query: trashListSchema,
    reply: trashListReplySchema,
  }),
  restore: defineCall({
    method: 'POST',
    path: '/api/trash/restore',
    summary:
      'Bring trashed items back (link_id: comma-separated ids); their pdf, image and highlight units are ' +
      "taken again: 402 {code, message} when the plan's quota has no room",
    caller: 'session',
    body: trashIdsSchema,
    reply: trashChangeReplySchema,
    otherReplies: { 402: overQuotaReplySchema },
  }),
  deleteForever: defineCall({
    method: 'POST',
    path: '/api/trash/delete',
    summary: 'Delete trashed items for good, with their files, annotations and notes',
    caller: 'session',
    body: trashIdsSchema,
    reply: trashChangeReplySchema,
  }),
  empty: defineCall({
    method: 'POST',
    path: '/api/trash/empty',
    summary: 'Delete every trashed item for good',
    caller: 'session',
    reply: trashChangeReplySchema,
  }),
};
