import { z } from 'zod';
import { linkId } from './fields.ts';
import { httpUrl } from './items.ts';

/** POST /fetch_meta (add bookmark, spec part 1 §4) */
export const fetchMetaSchema = z.object({ url: httpUrl });
export type FetchMetaInput = z.output<typeof fetchMetaSchema>;
export const fetchMetaReplySchema = z.object({
  /** the page's title, or the URL when there is none or the page could not be read */
  title: z.string(),
  description: z.string(),
  /** the user's own tags that the title or host mention */
  tags: z.array(z.string()),
  /** the caller's bookmark of this URL, when it is already in the library (saving updates it) */
  link_id: z.number().optional(),
});
export type FetchMetaReply = z.infer<typeof fetchMetaReplySchema>;

/**
 * What became of a bookmark's page copy: none (never captured: not a bookmark, or saved before
 * capture existed), pending (queued or retrying), done, failed, or quota (skipped: the free plan's
 * lifetime cached-page quota is used up).
 */
export const CAPTURE_STATUSES = ['none', 'pending', 'done', 'failed', 'quota'] as const;
export type CaptureStatus = (typeof CAPTURE_STATUSES)[number];

/** GET /api/items/reader */
export const readerQuerySchema = z.object({ link_id: linkId });
export type ReaderQueryInput = z.output<typeof readerQuerySchema>;
export const readerReplySchema = z.object({
  title: z.string(),
  url: z.string(),
  /** sanitised reader HTML; '' while there is no copy */
  html: z.string(),
  /** seconds, null while there is no copy */
  captured_at: z.number().nullable(),
  status: z.enum(CAPTURE_STATUSES),
  /** why the last capture failed; the owner only */
  error: z.string().optional(),
});
export type ReaderReply = z.infer<typeof readerReplySchema>;

/** GET /cached: by the caller's (or a public) bookmark URL, or by link_id */
export const cachedQuerySchema = z
  .object({ url: httpUrl.optional(), link_id: linkId.optional() })
  .refine((q) => q.url !== undefined || q.link_id !== undefined, {
    error: 'url or link_id is required.',
    path: ['url'],
  })
  // the refinement as the document shows it (docs/openapi.ts: one form-style query object)
  .meta({ anyOf: [{ required: ['url'] }, { required: ['link_id'] }] });
export type CachedQueryInput = z.output<typeof cachedQuerySchema>;

/** GET /api/files/pages/{userId}/{name}: a stored copy's picture */
export const pagePictureParamsSchema = z.object({ userId: z.string(), name: z.string() });
export const faviconParamsSchema = z.object({ host: z.string().max(253) });
