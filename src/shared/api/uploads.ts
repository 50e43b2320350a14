import { z } from 'zod';
import { oneItemReplySchema } from '../schemas/items.ts';
import { noteImageQuerySchema, noteImageReplySchema } from '../schemas/notes.ts';
import {
  fileQuerySchema,
  itemFileParamsSchema,
  itemThumbParamsSchema,
  rotateImageSchema,
  rotateReplySchema,
  uploadMultipartSchema,
} from '../schemas/uploads.ts';
import { defineCall } from './define.ts';

export const uploadCalls = {
  save: defineCall({
    method: 'POST',
    path: '/item/save',
    summary:
      'Upload a PDF or image (qqfile below 67108864 bytes, checked by its first bytes, and the form fields); ' +
      "replies {items: [item]}, or 402 {code: -2, message} at the plan's limit",
    caller: 'session',
    multipart: uploadMultipartSchema,
    reply: oneItemReplySchema,
  }),
  savePdf: defineCall({
    method: 'POST',
    path: '/item/save/pdf',
    summary: 'Upload a PDF item (as POST /item/save with dtype pdf)',
    caller: 'session',
    multipart: uploadMultipartSchema,
    reply: oneItemReplySchema,
  }),
  /** the note editor's pictures share the path (?for=note) and keep their own rules */
  saveImage: defineCall({
    method: 'POST',
    path: '/item/save/image',
    summary:
      'Upload an image item (qqfile: jpeg, png, gif or bmp below 64 MB, and the upload form fields); replies ' +
      "{items: [item]}, or 402 {code: -2} at the plan's limit. With ?for=note: a picture for a note (files[]), " +
      'replying image_url_embeded_in_note',
    caller: 'session',
    query: noteImageQuerySchema.partial(),
    multipart: uploadMultipartSchema,
    reply: z.union([oneItemReplySchema, noteImageReplySchema]),
  }),
  rotate: defineCall({
    method: 'POST',
    path: '/api/files/rotate',
    summary: "Keep an image item's preview rotation (0, 90, 180, 270)",
    caller: 'session',
    body: rotateImageSchema,
    reply: rotateReplySchema,
  }),
  file: defineCall({
    method: 'GET',
    path: '/api/files/items/:linkId/file',
    summary:
      "A pdf or image item's file (owner, or anyone if public): inline, or attachment with ?download=1; " +
      'single byte ranges (206/416), ETag',
    caller: 'visitor',
    params: itemFileParamsSchema,
    query: fileQuerySchema,
    produces: 'application/octet-stream',
  }),
  thumb: defineCall({
    method: 'GET',
    path: '/api/files/items/:linkId/thumb/:width',
    summary: "An image item's webp thumbnail, 550 (grid), 160 (list) or 150 (preview) px wide",
    caller: 'visitor',
    params: itemThumbParamsSchema,
    query: fileQuerySchema,
    produces: 'image/webp',
  }),
};
