import { z } from 'zod';
import { flag, name, text } from './fields.ts';
import { DESCRIPTION_MAX, httpUrl, itemReplySchema, TITLE_MAX } from './items.ts';

/**
 * The browser extension's own calls (docs/extension.md): the page as the browser rendered it,
 * saved like the add form saves a bookmark, and the lookup of the item a tab's address belongs to.
 */

/** The rendered page may be as large as a fetched page may be (capture's CAPTURE_MAX_BYTES). */
export const RENDERED_HTML_MAX = 5 * 1024 * 1024;
/** A screenshot of the visible area, as a data: URL (base64 of at most 2 MB of picture). */
export const SCREENSHOT_MAX_CHARS = Math.ceil((2 * 1024 * 1024 * 4) / 3) + 64;

export const RENDERED_MSG = {
  htmlRequired: 'html is required: the page as the browser shows it.',
  htmlTooLarge: 'The page is too large to keep a copy of.',
  screenshot: 'screenshot must be a PNG, JPEG or WebP picture as a data: URL.',
} as const;

/** POST /api/items/rendered: the add form's fields, the rendered page, and its screenshot. */
export const saveRenderedSchema = z.object({
  url: httpUrl,
  title: name().trim().max(TITLE_MAX, { error: 'The title is too long.' }).optional(),
  description: text().max(DESCRIPTION_MAX, { error: 'The description is too long.' }).optional(),
  tags: text().max(5000).optional(),
  unread: flag.optional(),
  private: flag.optional(),
  /** the document after its scripts ran (serialised by the extension): sanitised like a capture */
  html: z
    .string({ error: RENDERED_MSG.htmlRequired })
    .min(1, { error: RENDERED_MSG.htmlRequired })
    .max(RENDERED_HTML_MAX, { error: RENDERED_MSG.htmlTooLarge }),
  screenshot: z
    .string()
    .max(SCREENSHOT_MAX_CHARS, { error: RENDERED_MSG.screenshot })
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+=*$/, { error: RENDERED_MSG.screenshot })
    .optional(),
});
export type SaveRenderedInput = z.output<typeof saveRenderedSchema>;

export const saveRenderedReplySchema = z.object({ code: z.literal(1), item: itemReplySchema });
export type SaveRenderedReply = z.infer<typeof saveRenderedReplySchema>;

/** GET /api/items/by-url: the caller's bookmark of exactly this address (fragment removed by the caller). */
export const itemByUrlSchema = z.object({ url: httpUrl });
export type ItemByUrlInput = z.output<typeof itemByUrlSchema>;
export const itemByUrlReplySchema = z.object({ link_id: z.number().nullable() });
export type ItemByUrlReply = z.infer<typeof itemByUrlReplySchema>;
