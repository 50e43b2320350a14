import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZES } from '../limits.ts';
import type { AnnotationReply } from './annotations.ts';
import { emptyToUndefined, flag, linkId, name, optional, optionalLinkId, text } from './fields.ts';

export const ITEM_TYPE_NAMES = ['bookmark', 'image', 'note', 'pdf', 'topic', 'kindle'] as const;
export type ItemType = (typeof ITEM_TYPE_NAMES)[number];
export const LIST_SORTS = ['updated', 'created', 'title'] as const;
export type ListSort = (typeof LIST_SORTS)[number];
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
  lists: text().max(5000).optional(),
  groups: text().max(5000).optional(),
  note_type: text().max(100).optional(),
  local_id: text().max(100).optional(),
});
export type SaveBookmarkInput = z.infer<typeof saveBookmarkSchema>;

/** Load parameters of load_user_items / search_user_items (page_num is 0-based). */
export const loadItemsSchema = z.object({
  type: z.preprocess(emptyToUndefined, z.enum([...ITEM_TYPE_NAMES, 'all']).optional()),
  what: text().max(1000, { error: 'The search is too long.' }).optional(),
  ann: z.preprocess(emptyToUndefined, z.enum(['yes', 'no']).optional()),
  unread: z.preprocess(emptyToUndefined, z.enum(['yes', 'no']).optional()),
  privacy: z.preprocess(emptyToUndefined, z.enum(['public', 'private', 'all']).optional()),
  snapshot: z.preprocess(emptyToUndefined, z.enum(['yes', 'no']).optional()),
  inoutliner: z.preprocess(emptyToUndefined, z.enum(['yes', 'no']).optional()),
  page_num: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(100_000).default(0)),
  sort: z.preprocess(emptyToUndefined, z.enum(LIST_SORTS).default('updated')),
  count: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: 'count must be 24, 48 or 96.' })
      .default(PAGE_SIZE_DEFAULT),
  ),
  username: text().max(100).optional(),
  format: text().max(100).optional(),
});
export type LoadItemsInput = z.infer<typeof loadItemsSchema>;

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
export const loadItemSchema = z.object({ link_id: linkId });

/** One item as every list and call returns it (spec part 1 §3). */
export interface ItemReply extends ItemFileFacts {
  link_id: number;
  type_name: ItemType;
  title: string;
  description: string;
  url: string;
  src_url: string;
  host: string;
  t_name: string;
  /** every annotation of the item, oldest first */
  annotations: AnnotationReply[];
  annotation_count: number;
  readed: 0 | 1;
  private: 0 | 1;
  mode: 'private' | 'public';
  created_at: number;
  updated_at: number;
  note_content: string;
  is_rich_note: boolean;
  local_id: string;
  ouliner_id: number[];
  is_attached_item: boolean;
  download_url: string;
  permanent_url: string;
  thumbnail_url: string;
  user_name: string;
  /** what the caller may do: the UI does not guess */
  canEdit: boolean;
}

/** Extra fields of pdf and image items (uploaded files); absent on other types. */
export interface ItemFileFacts {
  /** image preview rotation in degrees: 0, 90, 180 or 270 */
  rotation?: number;
  /** picture size in pixels, upright; null until the thumbnails are made (and for PDFs) */
  width?: number | null;
  height?: number | null;
  /** PDF pages; null until its text is read (and for images) */
  page_count?: number | null;
  file_size?: number;
  file_name?: string;
  content_type?: string;
}

export interface ListReply {
  items: ItemReply[];
  total: number;
  unread_total: number;
  rel_tags: { name: string; count: number }[];
  rss_link: string;
  query_context: {
    what: string;
    type: string;
    page_num: number;
    count: number;
    sort: ListSort;
    username: string;
    isOwner: boolean;
  };
  adsInfo: { showAds: boolean; adPosition: number; searchAds: number };
}
