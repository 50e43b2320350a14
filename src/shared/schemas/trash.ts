import { z } from 'zod';
import { itemReplySchema, linkIdsField } from './items.ts';

/** Items stay this many days in the trash, then the daily purge deletes them for good. */
export const TRASH_DAYS = 30;

/** A trashed item: as lists show it, with when it went to the trash and when it goes for good. */
export const trashedItemSchema = itemReplySchema.extend({
  /** seconds */
  trashed_at: z.number(),
  /** seconds: trashed_at + TRASH_DAYS */
  purge_at: z.number(),
});
export type TrashedItem = z.infer<typeof trashedItemSchema>;

export const trashListSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TrashListInput = z.output<typeof trashListSchema>;

export const trashListReplySchema = z.object({
  items: z.array(trashedItemSchema),
  total: z.number(),
});
export type TrashListReply = z.infer<typeof trashListReplySchema>;

/** Restore or delete forever: one id or comma-separated ids of one's trashed items. */
export const trashIdsSchema = z.object({ link_id: linkIdsField });
export type TrashIdsInput = z.output<typeof trashIdsSchema>;

export const trashChangeReplySchema = z.object({
  code: z.literal(1),
  link_ids: z.array(z.number()),
});
export type TrashChangeReply = z.infer<typeof trashChangeReplySchema>;

/** The 402 of a restore with no room left in the plan's quota: the spec's over-quota code and message. */
export const overQuotaReplySchema = z.object({ code: z.number(), message: z.string() });
