import { z } from 'zod';
import { id, linkId } from './fields.ts';

/** What the last link-health check found (modules/health). */
export const LINK_STATES = ['unchecked', 'ok', 'redirected', 'gone', 'unreachable', 'changed'] as const;
export type LinkState = (typeof LINK_STATES)[number];
/** The library's health filter: broken is gone or unreachable. */
export const HEALTH_FILTERS = ['broken', 'changed'] as const;

export const linkParamsSchema = z.object({ link_id: linkId });
export type LinkParamsInput = z.output<typeof linkParamsSchema>;

export const linkHealthReplySchema = z.object({
  state: z.enum(LINK_STATES),
  /** seconds; null before the first check */
  checked_at: z.number().nullable(),
  /** the last answer's HTTP status; null without one (a timeout, a name that does not resolve) */
  status: z.number().nullable(),
  /** where the redirects ended (redirected: the address offered as the update) */
  final_url: z.string().nullable(),
  /** the share of words that differ from the saved copy (changed and ok pages) */
  changed_ratio: z.number().nullable(),
});
export type LinkHealthReply = z.infer<typeof linkHealthReplySchema>;

const diffPart = z.object({ text: z.string(), mark: z.boolean() });

/** "Changed since saved": both texts as parts, the words the other lacks marked. */
export const pageChangesReplySchema = z.object({
  saved: z.array(diffPart),
  current: z.array(diffPart),
  changed_ratio: z.number(),
  /** seconds */
  saved_at: z.number(),
  checked_at: z.number(),
});
export type PageChangesReply = z.infer<typeof pageChangesReplySchema>;

/** Update copy: the page captured again; the old copy kept as a version. */
export const updateCopyReplySchema = z.object({
  version_id: z.number(),
  /** highlights found on the new copy */
  reanchored: z.number(),
  /** highlights not found: they stay on the old version */
  orphaned: z.number(),
});
export type UpdateCopyReply = z.infer<typeof updateCopyReplySchema>;

export const pageVersionSchema = z.object({
  version_id: z.number(),
  title: z.string(),
  /** seconds: when this copy was captured, and when a newer one replaced it */
  captured_at: z.number(),
  replaced_at: z.number(),
  /** highlights left on this version (not found on the newer copy) */
  orphaned: z.array(z.object({ id: z.number(), content: z.string() })),
});
export const pageVersionsReplySchema = z.object({ versions: z.array(pageVersionSchema) });
export type PageVersionsReply = z.infer<typeof pageVersionsReplySchema>;

export const pageVersionParamsSchema = z.object({ link_id: linkId, version_id: id('version_id') });
export type PageVersionParamsInput = z.output<typeof pageVersionParamsSchema>;
export const pageVersionReplySchema = pageVersionSchema.extend({ html: z.string() });
export type PageVersionReply = z.infer<typeof pageVersionReplySchema>;
