import { z } from 'zod';
import { adsInfoSchema } from './ads.ts';
import { emptyToUndefined, flag, linkId, optionalId, text } from './fields.ts';
import { itemReplySchema } from './items.ts';
import { loadTagsSchema } from './tags.ts';

/** Profile sort and count cookies (spec part 2 §9): kept 1095 days. */
export const PROFILE_COOKIE_DAYS = 1095;
export const PROFILE_SORT_COOKIE = 'PROFILE_SORT';
export const PROFILE_COUNT_COOKIE = 'PROFILE_COUNT';
/** The profile header becomes fixed after this much scroll (spec part 2 §9). */
export const PROFILE_HEADER_FIXED_AT = 56;

export { COPY_ITEM_MSG } from './values.ts';

/** GET /interact_api/load_profile_info?username= */
export const profileInfoQuerySchema = z.object({
  username: text().trim().min(1, { error: 'username is required.' }).max(100),
});
export type ProfileInfoQueryInput = z.output<typeof profileInfoQuerySchema>;

/** GET /interact_api/load_user_profile_tags: always some user's public tags, so the name is needed. */
export const profileTagsQuerySchema = loadTagsSchema.extend(profileInfoQuerySchema.shape);

/** The user-meta header of a public profile: nothing private (no e-mail, plan or counts of private items). */
export const profileInfoSchema = z.object({
  name: z.string(),
  real_name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatar_url: z.string(),
  teacher: z.boolean(),
  /** member since, in seconds */
  regist_at: z.number(),
  isSelf: z.boolean(),
  rss_link: z.string(),
  adsInfo: adsInfoSchema,
});
export type ProfileInfo = z.infer<typeof profileInfoSchema>;
export const profileInfoReplySchema = z.object({ code: z.literal(1), data: profileInfoSchema });
export type ProfileInfoReply = z.infer<typeof profileInfoReplySchema>;

/** POST /interact_api/copy_item (Save to My Library). */
export const copyItemSchema = z.object({
  link_id: linkId,
  owner_id: optionalId('owner_id'),
  copy_annotations: z.preprocess(emptyToUndefined, flag.optional()),
});
export type CopyItemInput = z.output<typeof copyItemSchema>;

/** POST /api/rss/private {enabled}: the private full-library feed (premium), on or off. */
export const privateRssSchema = z.object({ enabled: flag });
export type PrivateRssInput = z.output<typeof privateRssSchema>;
export const privateRssReplySchema = z.object({
  code: z.literal(1),
  enabled: z.boolean(),
  /** the feed's address with its secret token; shown once, empty when off */
  feed_url: z.string(),
});
export const rssFeedQuerySchema = z.object({
  token: z.preprocess(emptyToUndefined, text().max(200).optional()),
});

export const copyItemReplySchema = z.object({
  code: z.literal(1),
  message: z.string(),
  items: z.array(itemReplySchema).length(1),
});

/** GET /rss/{name}, /rss/{name}/tag/{tag}, /rss/private/{token} */
export const feedParamsSchema = z.object({ name: text().max(100) });
export const tagFeedParamsSchema = z.object({ name: text().max(100), tag: text().max(200) });
export const privateFeedParamsSchema = z.object({ token: text().max(200) });
