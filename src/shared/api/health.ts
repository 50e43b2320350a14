import {
  linkHealthReplySchema,
  linkParamsSchema,
  pageChangesReplySchema,
  pageVersionParamsSchema,
  pageVersionReplySchema,
  pageVersionsReplySchema,
  updateCopyReplySchema,
} from '../schemas/health.ts';
import { defineCall } from './define.ts';

/** Link health (issue 33): re-checked bookmarks, changed pages, updated copies and their versions. */
export const healthCalls = {
  health: defineCall({
    method: 'GET',
    path: '/api/items/:link_id/health',
    summary:
      "A bookmark's link health: ok, redirected, gone, unreachable or changed, and when it was checked",
    caller: 'session',
    params: linkParamsSchema,
    reply: linkHealthReplySchema,
  }),
  check: defineCall({
    method: 'POST',
    path: '/api/items/:link_id/check',
    summary: "Checks a bookmark's link now (rate-limited) and answers its health",
    caller: 'session',
    params: linkParamsSchema,
    reply: linkHealthReplySchema,
  }),
  changes: defineCall({
    method: 'GET',
    path: '/api/items/:link_id/changes',
    summary: 'Changed since saved: the saved copy and the page now, side by side, the differing words marked',
    caller: 'session',
    params: linkParamsSchema,
    reply: pageChangesReplySchema,
  }),
  updateCopy: defineCall({
    method: 'POST',
    path: '/api/items/:link_id/update-copy',
    summary:
      'Captures the page again: the old copy is kept as a version, highlights are found on the new copy ' +
      '(those not found stay on the old version)',
    caller: 'session',
    params: linkParamsSchema,
    reply: updateCopyReplySchema,
  }),
  versions: defineCall({
    method: 'GET',
    path: '/api/items/:link_id/versions',
    summary: "A bookmark's earlier page copies, with the highlights left on each",
    caller: 'session',
    params: linkParamsSchema,
    reply: pageVersionsReplySchema,
  }),
  version: defineCall({
    method: 'GET',
    path: '/api/items/:link_id/versions/:version_id',
    summary: 'One earlier page copy to read',
    caller: 'session',
    params: pageVersionParamsSchema,
    reply: pageVersionReplySchema,
  }),
};
