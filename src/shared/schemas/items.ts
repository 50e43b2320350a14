import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZES } from '../limits.ts';
import { adsInfoSchema } from './ads.ts';
import { annotationReplySchema } from './annotations.ts';
import { emptyToUndefined, flag, linkId, name, optional, optionalLinkId, text } from './fields.ts';
import { HEALTH_FILTERS } from './health.ts';
import { ITEM_TYPE_NAMES, LIST_SORTS } from './values.ts';

export { ITEM_TYPE_NAMES, type ItemType, LIST_SORTS, type ListSort } from './values.ts';
export const BULK_MAX = 1000;
export const TITLE_MAX = 1000;
export const DESCRIPTION_MAX = 20_000;
export const URL_MAX = 4096;

export const httpUrl = text()
  .trim()
  .max(URL_MAX, { error: 'The URL is too long.' })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: 'Please enter a valid URL starting with http:// or https://.' },
  );

/** At most this many outliners or groups in one save. */
export const SAVE_TARGETS_MAX = 100;

/**
 * The save form's `lists` (outliner ids) and `groups` (group ids): comma-separated as the form
 * sends them ("12,13"), or an array; '' or absent is none.
 */
const targetIds = (field: 'lists' | 'groups') =>
  z
    .union([text(), z.number(), z.array(z.union([text(), z.number()]))], {
      error: `${field} must be comma-separated ids.`,
    })
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return [];
      const parts = (Array.isArray(v) ? v : String(v).split(',')).map((p) => String(p).trim());
      if (parts.length === 1 && parts[0] === '') return [];
      const ids = parts.map(Number);
      if (ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) {
        ctx.addIssue({ code: 'custom', message: `${field} must be comma-separated ids.` });
        return z.NEVER;
      }
      if (ids.length > SAVE_TARGETS_MAX) {
        ctx.addIssue({ code: 'custom', message: `At most ${SAVE_TARGETS_MAX} ${field} at once.` });
        return z.NEVER;
      }
      return [...new Set(ids)];
    });

/** POST /item/save/bookmark */
export const saveBookmarkSchema = z.object({
  link_id: optionalLinkId,
  url: optional(httpUrl),
  new_url: optional(httpUrl),
  title: name().trim().max(TITLE_MAX, { error: 'The title is too long.' }).optional(),
  tags: text().max(5000).optional(),
  description: text().max(DESCRIPTION_MAX, { error: 'The description is too long.' }).optional(),
  unread: flag.optional(),
  private: flag.optional(),
  /** outliners to add the item to, and groups to share it to (the user's own only) */
  lists: targetIds('lists'),
  groups: targetIds('groups'),
  note_type: text().max(100).optional(),
  local_id: text().max(100).optional(),
});
export type SaveBookmarkInput = z.output<typeof saveBookmarkSchema>;

/**
 * Whose library a list call reads: the services fall back to the session's own name, so a visitor
 * must name one (the document says so, as OpenAPI cannot make a parameter required for visitors only).
 */
export const libraryOwner = () =>
  text()
    .max(100)
    .optional()
    .describe("Required without a session: whose library; the signed-in user's own by default.");

/** Load parameters of load_user_items / search_user_items (page_num is 0-based). */
export const loadItemsSchema = z.object({
  type: z.preprocess(emptyToUndefined, z.enum([...ITEM_TYPE_NAMES, 'all']).optional()),
  what: text().max(1000, { error: 'The search is too long.' }).optional(),
  ann: z.preprocess(emptyToUndefined, z.enum(['yes', 'no']).optional()),
  unread: z.preprocess(emptyToUndefined, z.enum(['yes', 'no']).optional()),
  privacy: z.preprocess(emptyToUndefined, z.enum(['public', 'private', 'all']).optional()),
  snapshot: z.preprocess(emptyToUndefined, z.enum(['yes', 'no']).optional()),
  inoutliner: z.preprocess(emptyToUndefined, z.enum(['yes', 'no']).optional()),
  /** the owner's bookmarks whose link is broken (gone or unreachable) or whose page changed (link health) */
  health: z.preprocess(emptyToUndefined, z.enum(HEALTH_FILTERS).optional()),
  /** yes: the owner's starred items only */
  starred: z.preprocess(emptyToUndefined, z.enum(['yes', 'no']).optional()),
  page_num: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(100_000).default(0)),
  sort: z.preprocess(emptyToUndefined, z.enum(LIST_SORTS).default('updated')),
  count: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: 'count must be 24, 48 or 96.' })
      .default(PAGE_SIZE_DEFAULT),
  ),
  username: libraryOwner(),
  format: text().max(100).optional(),
  /** items whose title contains this text, in any case (the command palette) */
  title: text().max(200).optional(),
});
export type LoadItemsInput = z.output<typeof loadItemsSchema>;

/** Comma-separated ids of one or many items. */
export const linkIdsField = z
  .union([text(), z.number(), z.array(z.union([text(), z.number()]))], {
    error: 'link_id must be one id or comma-separated ids.',
  })
  .transform((v, ctx) => {
    const parts = (Array.isArray(v) ? v : String(v).split(',')).map((p) => String(p).trim()).filter(Boolean);
    const ids = parts.map(Number);
    if (ids.length === 0 || ids.some((n) => !Number.isSafeInteger(n) || n <= 0)) {
      ctx.addIssue({ code: 'custom', message: 'link_id must be one id or comma-separated ids.' });
      return z.NEVER;
    }
    if (ids.length > BULK_MAX) {
      ctx.addIssue({ code: 'custom', message: `At most ${BULK_MAX} items at once.` });
      return z.NEVER;
    }
    return [...new Set(ids)];
  });

export const linkIdsSchema = z.object({ link_id: linkIdsField });
export type LinkIdsInput = z.output<typeof linkIdsSchema>;
export const markReadSchema = z.object({
  link_id: linkIdsField,
  readed: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
    error: 'readed must be 1 or 0.',
  }),
});
/** mode: 'public' or 0 is public; 'private' or 2 is private. */
export const convertModeSchema = z.object({
  link_id: linkIdsField,
  mode: z.union([z.enum(['public', 'private']), z.literal(0), z.literal(2), z.literal('0'), z.literal('2')], {
    error: 'mode must be public or private.',
  }),
});
/** POST /ditem_mana2/star: star (1) or unstar (0) the owner's items. */
export const starSchema = z.object({
  link_id: linkIdsField,
  starred: z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
    error: 'starred must be 1 or 0.',
  }),
});
export type StarInput = z.output<typeof starSchema>;
export type MarkReadInput = z.output<typeof markReadSchema>;
export type ConvertModeInput = z.output<typeof convertModeSchema>;
export const loadItemSchema = z.object({ link_id: linkId });
export type LoadItemInput = z.output<typeof loadItemSchema>;

/** The columns of Export as csv, in order. */
export const CSV_COLUMNS = ['title', 'url', 'tags', 'description', 'annotations'] as const;

/** Extra fields of pdf and image items (uploaded files); absent on other types. */
export const itemFileFactsSchema = z.object({
  /** image preview rotation in degrees: 0, 90, 180 or 270 */
  rotation: z.number().optional(),
  /** picture size in pixels, upright; null until the thumbnails are made (and for PDFs) */
  width: z.number().nullable().optional(),
  height: z.number().nullable().optional(),
  /** PDF pages; null until its text is read (and for images) */
  page_count: z.number().nullable().optional(),
  file_size: z.number().optional(),
  file_name: z.string().optional(),
  content_type: z.string().optional(),
});
export type ItemFileFacts = z.infer<typeof itemFileFactsSchema>;

const zeroOne = z.union([z.literal(0), z.literal(1)]);

/** A piece of a full-text hit's snippet; `mark`: one of the searched words. */
export const snippetPartSchema = z.object({ text: z.string(), mark: z.boolean() });
export type SnippetPart = z.infer<typeof snippetPartSchema>;

/** One item as every list and call returns it (spec part 1 §3). */
export const itemReplySchema = itemFileFactsSchema.extend({
  link_id: z.number(),
  type_name: z.enum(ITEM_TYPE_NAMES),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  src_url: z.string(),
  host: z.string(),
  t_name: z.string(),
  /** every annotation of the item, oldest first */
  annotations: z.array(annotationReplySchema),
  annotation_count: z.number(),
  readed: zeroOne,
  private: zeroOne,
  /** the owner's star; 0 to anyone else */
  starred: zeroOne,
  mode: z.enum(['private', 'public']),
  created_at: z.number(),
  updated_at: z.number(),
  note_content: z.string(),
  is_rich_note: z.boolean(),
  local_id: z.string(),
  ouliner_id: z.array(z.number()),
  is_attached_item: z.boolean(),
  download_url: z.string(),
  permanent_url: z.string(),
  thumbnail_url: z.string(),
  user_name: z.string(),
  /** what the caller may do: the UI does not guess */
  canEdit: z.boolean(),
  /** full-text search (snapshot=yes) only: where the words matched in the page text */
  snippet: z.array(snippetPartSchema).optional(),
});
export type ItemReply = z.infer<typeof itemReplySchema>;

/** {items: [item]}: a save, an upload, one item */
export const oneItemReplySchema = z.object({ items: z.array(itemReplySchema).length(1) });

/**
 * A bookmark save: the item, and `similar` when another bookmark of the library is the same page at
 * another address (shared/url-key.ts; the form links to it, Duplicates can merge them).
 */
export const saveBookmarkReplySchema = z.object({
  items: z.array(itemReplySchema).length(1),
  similar: z.object({ link_id: z.number(), title: z.string(), url: z.string() }).optional(),
});

export { adsInfoSchema };

export const listReplySchema = z.object({
  items: z.array(itemReplySchema),
  total: z.number(),
  unread_total: z.number(),
  rel_tags: z.array(z.object({ name: z.string(), count: z.number() })),
  rss_link: z.string(),
  query_context: z.object({
    what: z.string(),
    type: z.string(),
    page_num: z.number(),
    count: z.number(),
    sort: z.enum(LIST_SORTS),
    username: z.string(),
    isOwner: z.boolean(),
  }),
  adsInfo: adsInfoSchema,
});
export type ListReply = z.infer<typeof listReplySchema>;

/** mark_readed, convert_mode, star, delete_b: the items changed (mark_readed adds the unread count) */
export const bulkReplySchema = z.object({
  code: z.literal(1),
  link_ids: z.array(z.number()),
  unread_total: z.number().optional(),
});
