import { z } from 'zod';
import { emptyToUndefined, flag, id as idField, name, optional, text } from './fields.ts';
import { infosField } from './tags.ts';

/**
 * Outliners (spec part 1 §3, §7; part 2 §3, §7): the spec's calls keep their paths and shapes
 * (`/outliner/...`, `/ditem_outliner/...`, code 1 on success); the tree has calls of its own under
 * `/api/outliners/...` (the spec names none).
 */

export const OUTLINER_TITLE_MAX = 200;
export const OUTLINER_DESCRIPTION_MAX = 5000;
/** the text of one entry and of its note */
export const ENTRY_TEXT_MAX = 10_000;
export const ENTRY_NOTE_MAX = 10_000;
/** the most entries one outliner holds (an import stops there) */
export const OUTLINER_ENTRIES_MAX = 20_000;
/** an OPML file to import */
export const OPML_MAX_BYTES = 5 * 1024 * 1024;

/** privacy: 0 not shared, 2 shared by link */
export const OUTLINER_PRIVACY = { private: 0, shared: 2 } as const;

export const OUTLINER_SORTS = ['title', 'updated', 'created'] as const;
export type OutlinerSort = (typeof OUTLINER_SORTS)[number];

export const ENTRY_KINDS = ['text', 'item', 'highlight'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const OUTLINER_MSG = {
  titleRequired: 'Please enter a title.',
  titleTooLong: `The title is too long (${OUTLINER_TITLE_MAX} characters at most).`,
  nothingToEdit: 'Nothing to change: send a title or a description.',
  cycle: 'An entry cannot move under itself or under one of its own entries.',
  afterNotSibling: 'after_id must be an entry under the parent given.',
  tooManyEntries: `An outliner holds at most ${OUTLINER_ENTRIES_MAX} entries.`,
  opmlMissing: 'Please choose an OPML file.',
  opmlInvalid: 'This file is not an OPML outline.',
  opmlTooLarge: `The OPML file is too large (${OPML_MAX_BYTES / 1024 / 1024} MB at most).`,
  /** the quota refusal's reason (code '0'), shown by the create button */
  quota:
    'You have reached the outliner limit of your plan. Please upgrade your account to create more outliners.',
} as const;

/** An outliner as every call returns it (`outliner_id` and `id` are the same). Times in seconds. */
export const outlinerReplySchema = z.object({
  outliner_id: z.number(),
  id: z.number(),
  title: z.string(),
  description: z.string(),
  created_at: z.number(),
  updated_at: z.number(),
  /** the outliner's page, /o/{code}/{title} */
  url: z.string(),
  /** 0 not shared, 2 shared by link */
  privacy: z.union([z.literal(0), z.literal(2)]),
  /** the absolute address of the read-only page, while shared */
  share_link: z.string().nullable(),
  share_key: z.string().nullable(),
  /** how many entries it holds */
  entry_count: z.number(),
});
export type OutlinerReply = z.infer<typeof outlinerReplySchema>;

/** An entry of the tree. For item and highlight entries, what is shown comes from the item. */
export const entryReplySchema = z.object({
  id: z.number(),
  /** null at the top level */
  parent_id: z.number().nullable(),
  /** fractional-index key: siblings sort by it in byte order (shared/outliners/positions.ts) */
  position: z.string(),
  kind: z.enum(ENTRY_KINDS),
  /** the line's text; for item and highlight entries the title or quote when it was added */
  text: z.string(),
  note: z.string(),
  collapsed: z.boolean(),
  link_id: z.number().nullable(),
  ann_id: z.number().nullable(),
  /** item and highlight entries: the item's title and address now */
  title: z.string().nullable(),
  url: z.string().nullable(),
  /** the item's type (bookmark, pdf, ...) */
  item_type: z.string().nullable(),
  /** highlight entries: the quote, its colour and its id within the item (for ?ann_md5=) */
  quote: z.string().nullable(),
  color: z.string().nullable(),
  ann_md5: z.string().nullable(),
});
export type EntryReply = z.infer<typeof entryReplySchema>;

/** GET /api/outliners/{id} and GET /api/outliners/shared/{share_key} */
export const outlinerTreeReplySchema = z.object({
  code: z.literal(1),
  outliner: outlinerReplySchema,
  /** every entry, parents before children, siblings in position order */
  entries: z.array(entryReplySchema),
  /** the owner's name (item links are /user/{owner}/b/{link_id}) */
  owner: z.string(),
});
export type OutlinerTreeReply = z.infer<typeof outlinerTreeReplySchema>;

const sortField = z.preprocess(emptyToUndefined, z.enum(OUTLINER_SORTS).optional());
const orderField = z.preprocess(
  (v) => (typeof v === 'string' ? v.toLowerCase() : emptyToUndefined(v)),
  z.enum(['asc', 'desc']).optional(),
);

/** GET /outliner/list: sort title (ascending by default), updated or created (descending by default) */
export const listOutlinersSchema = z.object({
  search: text().max(OUTLINER_TITLE_MAX).optional(),
  sort: sortField,
  order: orderField,
});
export type ListOutlinersInput = z.infer<typeof listOutlinersSchema>;
export const listOutlinersReplySchema = z.object({
  code: z.literal(1),
  data: z.object({ outliners: z.array(outlinerReplySchema) }),
});
export type ListOutlinersReply = z.infer<typeof listOutlinersReplySchema>;

const title = name(OUTLINER_MSG.titleRequired)
  .trim()
  .min(1, { error: OUTLINER_MSG.titleRequired })
  .max(OUTLINER_TITLE_MAX, { error: OUTLINER_MSG.titleTooLong });

/** POST /outliner/new */
export const newOutlinerSchema = z.object({ title });
export type NewOutlinerInput = z.infer<typeof newOutlinerSchema>;
/** code 1 with the outliner; at the plan's quota a 402 `{code: '0', reason, message}` */
export const outlinerChangeReplySchema = z.object({ code: z.literal(1), outliner: outlinerReplySchema });
export type OutlinerChangeReply = z.infer<typeof outlinerChangeReplySchema>;
export const outlinerQuotaReplySchema = z.object({
  code: z.literal('0'),
  reason: z.string(),
  message: z.string(),
});

/** the outliner id in a path */
export const outlinerParamsSchema = z.object({ outlinerId: idField('outliner id') });
export const entryParamsSchema = z.object({
  outlinerId: idField('outliner id'),
  entryId: idField('entry id'),
});
export const shareKeyParamsSchema = z.object({ shareKey: text().min(1).max(100) });

/** POST /outliner/{id}/edit: either or both; a title sent must not be empty */
export const editOutlinerSchema = z.object({
  title: z.preprocess((v) => (v === null ? undefined : v), title.optional()),
  description: z.preprocess(
    (v) => (v === null ? undefined : v),
    text().max(OUTLINER_DESCRIPTION_MAX, { error: 'The description is too long.' }).optional(),
  ),
});
export type EditOutlinerInput = z.infer<typeof editOutlinerSchema>;

export const okReplySchema = z.object({ code: z.literal(1) });

/** GET /outliner/{id}/share/link: the same key while sharing stays on; a new one after a disable */
export const shareLinkReplySchema = z.object({
  code: z.literal(1),
  reason: z.string(),
  share_link: z.string(),
  share_key: z.string(),
});
export type ShareLinkReply = z.infer<typeof shareLinkReplySchema>;

/** POST /ditem_outliner/add_to_outliner: infos are link ids (comma-separated, an array or its JSON) */
export const addToOutlinerSchema = z.object({
  infos: infosField,
  list_id: idField('list_id'),
});
export type AddToOutlinerInput = z.infer<typeof addToOutlinerSchema>;
export const addToOutlinerReplySchema = z.object({
  code: z.literal(1),
  /** the entries made, in the order of infos; items the outliner already held are left out */
  entries: z.array(entryReplySchema),
});

/** POST /ditem_outliner/add_text_to_outliner (JSON); with ann_id the text came from that highlight */
export const addTextToOutlinerSchema = z.object({
  text: text().trim().min(1, { error: 'Please send some text.' }).max(ENTRY_TEXT_MAX),
  outliner_id: idField('outliner_id'),
  ann_id: z.preprocess(emptyToUndefined, idField('ann_id').optional()),
});
export type AddTextToOutlinerInput = z.infer<typeof addTextToOutlinerSchema>;
export const entryChangeReplySchema = z.object({
  code: z.literal(1),
  entry: entryReplySchema,
  /** siblings whose keys were spaced out again to make room (usually empty) */
  repositioned: z.array(z.object({ id: z.number(), position: z.string() })),
});
export type EntryChangeReply = z.infer<typeof entryChangeReplySchema>;

/** The user's outliner settings (part 2 §3: settings.outliner {quota, sourceLink}). */
export const outlinerSettingsSchema = z.object({
  /** show the outliner quota */
  quota: z.boolean(),
  /** text added from a highlight carries a link back to it */
  sourceLink: z.boolean(),
});
export type OutlinerSettings = z.infer<typeof outlinerSettingsSchema>;

/** POST /interact_api/set_outliner_settings: data is {quota} or {source_link} (or its JSON text) */
export const setOutlinerSettingsSchema = z.object({
  data: z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      try {
        return JSON.parse(v);
      } catch {
        return v;
      }
    },
    z
      .object(
        { quota: flag.optional(), source_link: flag.optional() },
        { error: 'data must be {quota} or {source_link}.' },
      )
      .refine((d) => d.quota !== undefined || d.source_link !== undefined, {
        error: 'data must be {quota} or {source_link}.',
      }),
  ),
});
export type SetOutlinerSettingsInput = z.infer<typeof setOutlinerSettingsSchema>;
export const outlinerSettingsReplySchema = z.object({ code: z.literal(1), settings: outlinerSettingsSchema });

const parentField = z.preprocess(
  (v) => (v === '' || v === 0 || v === '0' ? null : v),
  z.union([z.null(), idField('parent_id')]).optional(),
);
const afterField = z.preprocess(
  (v) => (v === '' || v === 0 || v === '0' ? null : v),
  z.union([z.null(), idField('after_id')]).optional(),
);

/**
 * POST /api/outliners/{id}/entries: a new entry under parent_id (absent, null or 0: the top level),
 * right after its sibling after_id (absent or null: first). With ann_id it is a highlight entry,
 * with link_id an item entry, else a text entry.
 */
export const createEntrySchema = z.object({
  parent_id: parentField,
  after_id: afterField,
  text: text().max(ENTRY_TEXT_MAX).default(''),
  note: text().max(ENTRY_NOTE_MAX).default(''),
  collapsed: flag.optional(),
  link_id: optional(idField('link_id')),
  ann_id: optional(idField('ann_id')),
});
export type CreateEntryInput = z.infer<typeof createEntrySchema>;

/**
 * POST /api/outliners/{id}/entries/{entry_id}: changes text, note or collapsed; sending parent_id
 * or after_id (null for the top level or the first place) moves it. Moving it under itself or one
 * of its own entries is refused (400).
 */
export const editEntrySchema = z.object({
  text: text().max(ENTRY_TEXT_MAX).optional(),
  note: text().max(ENTRY_NOTE_MAX).optional(),
  collapsed: flag.optional(),
  parent_id: parentField,
  after_id: afterField,
});
export type EditEntryInput = z.infer<typeof editEntrySchema>;

export const deleteEntryReplySchema = z.object({
  code: z.literal(1),
  /** the entry and everything under it */
  removed: z.array(z.number()),
});

export const exportOutlinerSchema = z.object({
  format: z.preprocess(emptyToUndefined, z.enum(['md', 'opml']).default('md')),
});

export const importOutlinerReplySchema = z.object({
  code: z.literal(1),
  outliner: outlinerReplySchema,
  /** entries made from the file */
  imported: z.number(),
});

/**
 * What an outliner change sends to the owner's other tabs (through /websocket, beside the item
 * messages, which carry a numeric link_id; these do not). `item` holds the change and may be left
 * out when too big for the bus: the tab then refetches the tree. `tab` echoes the X-Folio-Tab header
 * of the request that made the change, so that tab can skip its own change.
 */
export const outlinerLiveMessageSchema = z.object({
  cmd: z.literal('outliner'),
  outliner_id: z.number(),
  /** entries: entries made, changed or removed; outliner: title, description or sharing; deleted */
  change: z.enum(['entries', 'outliner', 'deleted']),
  tab: z.string().nullable(),
  item: z
    .object({
      outliner: outlinerReplySchema.optional(),
      entries: z.array(entryReplySchema).optional(),
      removed: z.array(z.number()).optional(),
      repositioned: z.array(z.object({ id: z.number(), position: z.string() })).optional(),
    })
    .optional(),
});
export type OutlinerLiveMessage = z.infer<typeof outlinerLiveMessageSchema>;
export { TAB_HEADER } from './values.ts';
