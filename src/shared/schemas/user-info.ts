import type { PlanId, PlanUnit } from '../plans.ts';

/** GET /interact_api/load_user_info: the spec's user-info shape (both documents). Visitors get `name: null`. */
export interface UserInfo {
  name: string;
  email: string;
  firstName: string;
  lastName: string;
  real_name: string;
  avatar_url: string;
  teacher: boolean;
  regist_at: number;
  premium: {
    isPremium: boolean;
    servicePlan: PlanId;
    planUnit: PlanUnit | null;
    nextBillingDate: number | null;
    expireTime: number | null;
  };
  openTextView: boolean;
  adsInfo: AdsInfo;
  permissions: Permissions;
  show_affiliate: boolean;
  show_join_affiliate: boolean;
  isEducationDomain: boolean;
  showCompany: boolean;
  companyName: string | null;
  companyUri: string | null;
  showClassic: boolean;
  show_list: boolean;
}

export interface AdsInfo {
  showAds: boolean;
  /** list position of the ad slot, and the count of search ads */
  adPosition: number;
  searchAds: number;
}

export interface Permissions {
  pdf: boolean;
  image: boolean;
  annPermission: {
    annotationPermission: boolean;
    annotationQuota: number | null;
    annotationUsedCount: number;
  };
  imagePermission: { imagePermission: boolean; imageQuota: number | null; imageUsedCount: number };
  pdfPermission: { pdfPermission: boolean; pdfQuota: number | null; pdfUsedCount: number };
  outlinerPermission: {
    outlinerPermission: boolean;
    outlinerQuota: number | null;
    outlinerUsedCount: number;
  };
  cachedPagePermission: {
    cachedPagePermission: boolean;
    cachedPageQuota: number | null;
    cachedPageUsedCount: number;
  };
}

export interface VisitorInfo {
  name: null;
  adsInfo: AdsInfo;
}

export type LoadUserInfoReply = UserInfo | VisitorInfo;

export function isSignedIn(info: LoadUserInfoReply | undefined): info is UserInfo {
  return Boolean(info?.name);
}

/** Over quota when any used count exceeds its non-null quota: the nav then shows Over Quota. */
export function isOverQuota(p: Permissions): boolean {
  const pairs: [number | null, number][] = [
    [p.annPermission.annotationQuota, p.annPermission.annotationUsedCount],
    [p.imagePermission.imageQuota, p.imagePermission.imageUsedCount],
    [p.pdfPermission.pdfQuota, p.pdfPermission.pdfUsedCount],
  ];
  return pairs.some(([quota, used]) => quota !== null && used > quota);
}
