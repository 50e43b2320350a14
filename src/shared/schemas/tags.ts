import { z } from 'zod';
import { TAG_SUGGESTIONS_MAX } from '../limits.ts';
import { splitTagNames } from '../tags.ts';
import { emptyToUndefined, text } from './fields.ts';
import { libraryOwner, linkIdsField } from './items.ts';
import { TAG_LIST_MAX } from './values.ts';

export const TAG_TAB_TYPES = ['all', 'bookmark', 'image', 'pdf', 'note', 'unread', 'ann'] as const;
export type TagTabType = (typeof TAG_TAB_TYPES)[number];
export const TAG_SORTS = ['top', 'recent', 'name'] as const;
export { TAG_LIST_MAX } from './values.ts';

/** GET /interact_api/load_user_tags */
export const loadTagsSchema = z.object({
  type: z.preprocess(emptyToUndefined, z.enum(TAG_TAB_TYPES).default('all')),
  sort: z.preprocess(emptyToUndefined, z.enum(TAG_SORTS).default('top')),
  count: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(TAG_LIST_MAX).default(20)),
  page_num: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(100_000).default(0)),
  /** a letter a-z, or 'other' for names not starting with a letter */
  nav: z.preprocess(
    emptyToUndefined,
    text()
      .regex(/^([a-z]|other)$/i, { error: 'nav must be a letter or other.' })
      .optional(),
  ),
  search: text().max(100).optional(),
  username: libraryOwner(),
});
export type LoadTagsInput = z.infer<typeof loadTagsSchema>;

export const tagCountSchema = z.object({ name: z.string(), count: z.number() });
export type TagCount = z.infer<typeof tagCountSchema>;
export const loadTagsReplySchema = z.object({ tags: z.array(tagCountSchema), total: z.number() });
export type LoadTagsReply = z.infer<typeof loadTagsReplySchema>;
export const suggestTagsReplySchema = z.object({ tags: z.array(z.string()) });
export const recommendedTagsReplySchema = z.object({ code: z.literal(1), tags: z.array(z.string()) });
/** update_tags answers the bare number 1 */
export const updateTagReplySchema = z.literal(1);
export const editItemTagsReplySchema = z.object({ code: z.literal(1), t_name: z.string() });
export const batchEditTagsReplySchema = z.object({
  code: z.literal(1),
  link_ids: z.array(z.number()),
  /** the new tag names of each item, by link_id */
  t_names: z.record(z.string(), z.string()),
});

export const suggestTagsSchema = z.object({
  q: text().max(100).default(''),
  limit: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(TAG_SUGGESTIONS_MAX).default(TAG_SUGGESTIONS_MAX),
  ),
});
export type SuggestTagsInput = z.output<typeof suggestTagsSchema>;

const tagName = text('Please give the tag name.')
  .transform((v) => v.replace(/"/g, '').trim().replace(/\s+/g, ' '))
  .refine((v) => !v.includes(','), { error: 'A tag name cannot contain a comma.' })
  .refine((v) => v.length <= 100, { error: 'The tag name is too long.' });

/** New tag names: a comma separates tags wherever they are typed, so 'tips, tricks' names two. */
const newTagNames = text('Please give the tag name.')
  .refine((v) => v.trim() === '' || splitTagNames([v.replace(/"/g, '')]).length > 0, {
    error: 'Please give the tag name.',
  })
  .refine(
    (v) => v.split(',').every((name) => name.replace(/"/g, '').trim().replace(/\s+/g, ' ').length <= 100),
    {
      error: 'The tag name is too long.',
    },
  )
  .transform((v) => splitTagNames([v.replace(/"/g, '')]));

/**
 * POST /tag_mana2/update_tags: an empty new name deletes the tag from every item; names separated by
 * commas split it into those tags.
 */
export const updateTagSchema = z.object({
  old_tag: tagName.refine((v) => v.length > 0, { error: 'Please give the tag name.' }),
  new: newTagNames.default([]),
});
export type UpdateTagInput = z.output<typeof updateTagSchema>;

/** editTagOption: 1 adds the tags, 0 replaces the item's tags with them. */
const editTagOption = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
  error: 'editTagOption must be 1 (add) or 0 (replace).',
});

export const editItemTagsSchema = z.object({
  editTags: text().max(5000).default(''),
  editTagOption,
  link_id: linkIdsField,
});

/** infos: the selected items, as ids, comma-separated ids, [{link_id}] or that list as JSON text. */
export const infosField = z.preprocess((v) => {
  let value = v;
  if (typeof value === 'string' && value.trim().startsWith('[')) {
    try {
      value = JSON.parse(value);
    } catch {
      return v;
    }
  }
  if (Array.isArray(value)) {
    return value.map((x) =>
      x && typeof x === 'object' && 'link_id' in x ? (x as { link_id: unknown }).link_id : x,
    );
  }
  return value;
}, linkIdsField);

export const batchEditTagsSchema = z.object({
  editTags: text().max(5000).default(''),
  editTagOption,
  infos: infosField,
});

/** GET /tag_mana2/load_recommended_tags */
export const recommendedTagsSchema = z.object({
  title: text().max(10_000).default(''),
  url: text().max(4096).default(''),
});
export type RecommendedTagsInput = z.output<typeof recommendedTagsSchema>;

/** Cuts a title to `max` bytes where every character above ASCII counts 2 (spec part 1 §5). */
export function cutTitleForTags(title: string, max = 200): string {
  let used = 0;
  let out = '';
  for (const ch of title) {
    const cost = ch.charCodeAt(0) > 127 ? 2 : 1;
    if (used + cost > max) break;
    used += cost;
    out += ch;
  }
  return out;
}
