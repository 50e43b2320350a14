import { z } from 'zod';
import { PLAN_IDS, PLAN_UNITS } from '../plans.ts';
import { adsInfoSchema } from './ads.ts';

export { type AdsInfo, adsInfoSchema } from './ads.ts';

const quota = z.number().nullable();
export const permissionsSchema = z.object({
  pdf: z.boolean(),
  image: z.boolean(),
  annPermission: z.object({
    annotationPermission: z.boolean(),
    annotationQuota: quota,
    annotationUsedCount: z.number(),
  }),
  imagePermission: z.object({ imagePermission: z.boolean(), imageQuota: quota, imageUsedCount: z.number() }),
  pdfPermission: z.object({ pdfPermission: z.boolean(), pdfQuota: quota, pdfUsedCount: z.number() }),
  outlinerPermission: z.object({
    outlinerPermission: z.boolean(),
    outlinerQuota: quota,
    outlinerUsedCount: z.number(),
  }),
  cachedPagePermission: z.object({
    cachedPagePermission: z.boolean(),
    cachedPageQuota: quota,
    cachedPageUsedCount: z.number(),
  }),
});
export type Permissions = z.infer<typeof permissionsSchema>;

/** GET /interact_api/load_user_info: the spec's user-info shape (both documents). Visitors get `name: null`. */
export const userInfoSchema = z.object({
  name: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  real_name: z.string(),
  avatar_url: z.string(),
  teacher: z.boolean(),
  regist_at: z.number(),
  premium: z.object({
    isPremium: z.boolean(),
    servicePlan: z.enum(PLAN_IDS),
    planUnit: z.enum(PLAN_UNITS).nullable(),
    nextBillingDate: z.number().nullable(),
    expireTime: z.number().nullable(),
  }),
  openTextView: z.boolean(),
  /** list position of the ad slot, and the count of search ads */
  adsInfo: adsInfoSchema,
  permissions: permissionsSchema,
  show_affiliate: z.boolean(),
  show_join_affiliate: z.boolean(),
  isEducationDomain: z.boolean(),
  showCompany: z.boolean(),
  companyName: z.string().nullable(),
  companyUri: z.string().nullable(),
  showClassic: z.boolean(),
  show_list: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const visitorInfoSchema = z.object({ name: z.null(), adsInfo: adsInfoSchema });
export type VisitorInfo = z.infer<typeof visitorInfoSchema>;

export const loadUserInfoReplySchema = z.union([userInfoSchema, visitorInfoSchema]);
export type LoadUserInfoReply = z.infer<typeof loadUserInfoReplySchema>;

export { isOverQuota, isSignedIn } from './values.ts';
