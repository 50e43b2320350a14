import {
  EXPORT_FORMATS,
  exportItemsSchema,
  exportPreviewReplySchema,
  exportPreviewSchema,
} from '../schemas/export.ts';
import { defineCall } from './define.ts';

export const exportCalls = {
  items: defineCall({
    method: 'POST',
    path: '/api/export/items',
    summary: `Export one's own items as a file (format ${EXPORT_FORMATS.join(', ')}; md of several items is a zip)`,
    caller: 'session',
    body: exportItemsSchema,
    produces: 'application/octet-stream',
  }),
  preview: defineCall({
    method: 'POST',
    path: '/api/export/preview',
    summary: "One's own items with their highlights and notes as HTML and plain text",
    caller: 'session',
    body: exportPreviewSchema,
    reply: exportPreviewReplySchema,
  }),
};
