import { z } from 'zod';
import { SHARE_LINKS_BATCH_MAX } from '../limits.ts';
import { annotationReplySchema } from './annotations.ts';
import { linkId } from './fields.ts';

/**
 * Share links (spec part 1 §4, §7): a secret key per item that lets anyone read it through
 * `/s/{key}`; the owner revokes it (the URL then answers 404) and may make a new one.
 */

export const SHARE_MSG = {
  copied: 'Copied to clipboard!',
  copyFailed: 'Copy failed, please select the text and use ctrl+c to copy.',
  linksRequired: 'links must be item ids joined by commas.',
  tooManyLinks: `At most ${SHARE_LINKS_BATCH_MAX} links at a time.`,
} as const;

/** 128 random bits in base64url */
export const SHARE_KEY = /^[A-Za-z0-9_-]{22}$/;

/** The Share modal's variants (spec part 1 §2). */
export const SHARE_VARIANTS = ['page', 'page_annotations', 'pdf', 'image', 'note'] as const;
export type ShareVariant = (typeof SHARE_VARIANTS)[number];

export const getShareUrlQuerySchema = z.object({ link_id: linkId });

export const shareInfoSchema = z.object({
  link_id: z.number(),
  /** the read-only page anyone with the link may open */
  item_url: z.string(),
  /** the file itself (pdf, image) through the same key; '' for other types */
  file_url: z.string(),
});
export type ShareInfo = z.infer<typeof shareInfoSchema>;

/** get_share_url: the live link (code 1), or code 0 with empty URLs while the item has none. */
export const shareUrlReplySchema = shareInfoSchema.extend({ code: z.union([z.literal(1), z.literal(0)]) });

/** POST /api/sharing/create: the item's link, made now unless it has one. */
export const createShareSchema = z.object({ link_id: linkId });
export const createShareReplySchema = shareInfoSchema.extend({ code: z.literal(1) });

export const batchShareLinksQuerySchema = z.object({
  links: z.string({ error: SHARE_MSG.linksRequired }).transform((v, ctx) => {
    const parts = v.split(',').map((s) => s.trim());
    const ids = parts.map(Number);
    if (parts.length === 0 || parts.some((s) => !/^\d{1,18}$/.test(s)) || ids.some((n) => n <= 0)) {
      ctx.addIssue({ code: 'custom', message: SHARE_MSG.linksRequired });
      return z.NEVER;
    }
    if (ids.length > SHARE_LINKS_BATCH_MAX) {
      ctx.addIssue({ code: 'custom', message: SHARE_MSG.tooManyLinks });
      return z.NEVER;
    }
    return [...new Set(ids)];
  }),
});

export const batchShareLinksReplySchema = z.object({
  code: z.literal(1),
  links: z.array(shareInfoSchema),
});

export const revokeShareSchema = z.object({ link_id: linkId });
export const revokeShareReplySchema = z.object({ code: z.literal(1), link_id: z.number() });

export const shareKeyParamsSchema = z.object({ key: z.string() });

/** GET /api/sharing/shared/{key}: what the read-only page shows. */
export const sharedItemReplySchema = z.object({
  code: z.literal(1),
  variant: z.enum(SHARE_VARIANTS),
  owner: z.string(),
  item: z.object({
    link_id: z.number(),
    type_name: z.string(),
    title: z.string(),
    url: z.string(),
    description: z.string(),
    /** sanitised note HTML (notes) */
    note_content: z.string(),
    created_at: z.number(),
  }),
  /** the sanitised reader copy of a page; '' without one */
  html: z.string(),
  /** pdf and image: the file through the key */
  file_url: z.string(),
  /** the page's highlights and sticky notes ('page with annotations', pdf) */
  annotations: z.array(annotationReplySchema),
});
export type SharedItemReply = z.infer<typeof sharedItemReplySchema>;
