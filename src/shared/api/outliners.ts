import { z } from 'zod';
import {
  addTextToOutlinerSchema,
  addToOutlinerReplySchema,
  addToOutlinerSchema,
  createEntrySchema,
  deleteEntryReplySchema,
  editEntrySchema,
  editOutlinerSchema,
  entryChangeReplySchema,
  entryParamsSchema,
  exportOutlinerSchema,
  importOutlinerReplySchema,
  listOutlinersReplySchema,
  listOutlinersSchema,
  newOutlinerSchema,
  okReplySchema,
  outlinerChangeReplySchema,
  outlinerParamsSchema,
  outlinerQuotaReplySchema,
  outlinerSettingsReplySchema,
  outlinerTreeReplySchema,
  setOutlinerSettingsSchema,
  shareKeyParamsSchema,
  shareLinkReplySchema,
} from '../schemas/outliners.ts';
import { defineCall } from './define.ts';

/** At the plan's outliner quota a create answers 402 {code: '0', reason}. */
const quotaReplies = { 402: outlinerQuotaReplySchema };

/**
 * The outliner calls: the spec's (`/outliner/...`, `/ditem_outliner/...`,
 * `/interact_api/set_outliner_settings`) and the tree's (`/api/outliners/...`).
 */
export const outlinerCalls = {
  list: defineCall({
    method: 'GET',
    path: '/outliner/list',
    summary:
      "The user's outliners: {code: 1, data: {outliners}}; search (in titles), sort title | updated | created " +
      '(default updated), order asc | desc (title ascending, the others descending by default)',
    caller: 'session',
    query: listOutlinersSchema,
    reply: listOutlinersReplySchema,
  }),
  create: defineCall({
    method: 'POST',
    path: '/outliner/new',
    summary:
      "A new outliner {title}: {code: 1, outliner}; at the plan's outliner quota 402 {code: '0', reason}",
    caller: 'session',
    body: newOutlinerSchema,
    reply: outlinerChangeReplySchema,
    otherReplies: quotaReplies,
  }),
  edit: defineCall({
    method: 'POST',
    path: '/outliner/:outlinerId/edit',
    summary: 'Change the title (never empty) or description {title, description}: {code: 1, outliner}',
    caller: 'session',
    params: outlinerParamsSchema,
    body: editOutlinerSchema,
    reply: outlinerChangeReplySchema,
  }),
  shareLink: defineCall({
    method: 'GET',
    path: '/outliner/:outlinerId/share/link',
    summary:
      'Turn sharing on (privacy 2): {code: 1, reason, share_link, share_key}; the same key while on, a new ' +
      'one (128 random bits) after a disable',
    caller: 'session',
    // a GET by the spec, yet it changes the outliner
    scope: 'write',
    params: outlinerParamsSchema,
    reply: shareLinkReplySchema,
  }),
  shareDisable: defineCall({
    method: 'GET',
    path: '/outliner/:outlinerId/share/disable',
    summary: 'Turn sharing off (privacy 0): the link then finds nothing; {code: 1}',
    caller: 'session',
    scope: 'write',
    params: outlinerParamsSchema,
    reply: okReplySchema,
  }),
  addItems: defineCall({
    method: 'POST',
    path: '/ditem_outliner/add_to_outliner',
    summary:
      'Add items {infos: link ids, comma-separated or a JSON array; list_id: the outliner}: each becomes an ' +
      'item entry at the end (items it holds already are skipped); {code: 1, entries}',
    caller: 'session',
    body: addToOutlinerSchema,
    reply: addToOutlinerReplySchema,
  }),
  addText: defineCall({
    method: 'POST',
    path: '/ditem_outliner/add_text_to_outliner',
    summary:
      'Add a line of text at the end {text, outliner_id, ann_id?}; with ann_id (dragged from a highlight) and ' +
      'the source_link setting on, a highlight entry linking back to it; {code: 1, entry}',
    caller: 'session',
    body: addTextToOutlinerSchema,
    reply: entryChangeReplySchema,
  }),
  setSettings: defineCall({
    method: 'POST',
    path: '/interact_api/set_outliner_settings',
    summary:
      'Outliner settings {data: {quota} or {source_link}} (data may be JSON text): show the quota; text ' +
      'from a highlight links back to it; {code: 1, settings}',
    caller: 'session',
    body: setOutlinerSettingsSchema,
    reply: outlinerSettingsReplySchema,
  }),
  settings: defineCall({
    method: 'GET',
    path: '/api/outliners/settings',
    summary: "The user's outliner settings: {code: 1, settings: {quota, sourceLink}}",
    caller: 'session',
    reply: outlinerSettingsReplySchema,
  }),
  shared: defineCall({
    method: 'GET',
    path: '/api/outliners/shared/:shareKey',
    summary:
      'A shared outliner read-only, for anyone with its key (signed in or not): {code: 1, outliner, entries, ' +
      'owner}; 404 once sharing is off',
    caller: 'visitor',
    params: shareKeyParamsSchema,
    reply: outlinerTreeReplySchema,
  }),
  tree: defineCall({
    method: 'GET',
    path: '/api/outliners/:outlinerId',
    summary:
      'The tree: {code: 1, outliner, entries (parents before children, siblings by position), owner}; item and ' +
      'highlight entries carry title, url, quote and color',
    caller: 'session',
    params: outlinerParamsSchema,
    reply: outlinerTreeReplySchema,
  }),
  export: defineCall({
    method: 'GET',
    path: '/api/outliners/:outlinerId/export',
    summary: 'The outliner as a file: format=md (Markdown list) or opml (OPML 2.0)',
    caller: 'session',
    params: outlinerParamsSchema,
    query: exportOutlinerSchema,
    produces: 'text/markdown, text/x-opml',
  }),
  createEntry: defineCall({
    method: 'POST',
    path: '/api/outliners/:outlinerId/entries',
    summary:
      'A new entry {parent_id (none: top level), after_id (none: first), text, note, collapsed, link_id | ' +
      'ann_id}: {code: 1, entry, repositioned}',
    caller: 'session',
    params: outlinerParamsSchema,
    body: createEntrySchema,
    reply: entryChangeReplySchema,
  }),
  editEntry: defineCall({
    method: 'POST',
    path: '/api/outliners/:outlinerId/entries/:entryId',
    summary:
      'Change an entry {text, note, collapsed}; sending parent_id or after_id (null: top level, first) moves ' +
      'it; under itself or its own entries: 400. {code: 1, entry, repositioned}',
    caller: 'session',
    params: entryParamsSchema,
    body: editEntrySchema,
    reply: entryChangeReplySchema,
  }),
  deleteEntry: defineCall({
    method: 'POST',
    path: '/api/outliners/:outlinerId/entries/:entryId/delete',
    summary: 'Remove an entry with everything under it: {code: 1, removed}',
    caller: 'session',
    params: entryParamsSchema,
    reply: deleteEntryReplySchema,
  }),
  delete: defineCall({
    method: 'POST',
    path: '/outliner/:outlinerId/delete',
    summary: 'Delete the outliner and its entries, giving its quota unit back: {code: 1}',
    caller: 'session',
    params: outlinerParamsSchema,
    reply: okReplySchema,
  }),
  import: defineCall({
    method: 'POST',
    path: '/api/outliners/import',
    summary:
      "An OPML file (multipart field file) as a new outliner (one unit of the plan's quota): {code: 1, " +
      "outliner, imported}; at the quota 402 {code: '0', reason}",
    caller: 'session',
    multipart: z.object({ file: z.string().describe('the OPML file') }),
    reply: importOutlinerReplySchema,
    otherReplies: quotaReplies,
  }),
};
