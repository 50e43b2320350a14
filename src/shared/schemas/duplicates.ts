import { z } from 'zod';
import { linkId } from './fields.ts';
import { itemReplySchema, linkIdsField } from './items.ts';

/** One page, as Duplicates lists it: the items of the library that are the same page. */
export const duplicateGroupSchema = z.object({
  /** shared/url-key.ts urlKey of every item of the group */
  url_key: z.string(),
  /** oldest first: the first is the one a merge keeps by default */
  items: z.array(itemReplySchema),
});

export const duplicatesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type DuplicatesQueryInput = z.output<typeof duplicatesQuerySchema>;

export const duplicatesReplySchema = z.object({
  groups: z.array(duplicateGroupSchema),
  /** how many groups in all */
  total: z.number(),
});
export type DuplicatesReply = z.infer<typeof duplicatesReplySchema>;

/** Keep one item; fold the others (comma-separated ids) into it and move them to the trash. */
export const mergeDuplicatesSchema = z.object({
  keep: linkId,
  merge: linkIdsField,
});
export type MergeDuplicatesInput = z.output<typeof mergeDuplicatesSchema>;

export const mergeDuplicatesReplySchema = z.object({
  code: z.literal(1),
  /** the kept item, with everything folded into it */
  item: itemReplySchema,
  /** the items moved to the trash */
  merged: z.array(z.number()),
});
