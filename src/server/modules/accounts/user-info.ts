import { PLANS, type PlanId, type PlanUnit, withinQuota } from '../../../shared/plans.ts';
import type { AdsInfo, UserInfo, VisitorInfo } from '../../../shared/schemas/user-info.ts';
import { toSeconds } from '../../platform/clock.ts';
import type { UserRow } from './repo.ts';

export const DEFAULT_AVATAR_URL = '/avatar-default.svg';

const EDUCATION_DOMAIN = /\.(edu|k12\.[a-z]{2}\.us)$|\.(edu|ac)\.[a-z]{2}$/i;

export function isEducationEmail(email: string): boolean {
  return EDUCATION_DOMAIN.test(email.split('@')[1] ?? '');
}

/** The plan in force: a paid plan past its expiry falls back to free. */
export function effectivePlan(user: Pick<UserRow, 'plan' | 'planExpiresAt'>, now: Date): PlanId {
  const plan = user.plan as PlanId;
  if (plan === 'free' || !PLANS[plan]) return 'free';
  if (user.planExpiresAt && user.planExpiresAt.getTime() <= now.getTime()) return 'free';
  return plan;
}

export function adsInfoFor(showAds: boolean): AdsInfo {
  return { showAds, adPosition: 3, searchAds: 2 };
}

export function visitorInfo(): VisitorInfo {
  return { name: null, adsInfo: adsInfoFor(true) };
}

export function presentUserInfo(user: UserRow, now: Date): UserInfo {
  const planId = effectivePlan(user, now);
  const plan = PLANS[planId];
  const q = plan.quotas;
  const realName = `${user.firstName} ${user.lastName}`.trim() || user.name;
  return {
    name: user.name,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    real_name: realName,
    avatar_url: user.avatarUrl ?? DEFAULT_AVATAR_URL,
    teacher: user.teacher,
    regist_at: toSeconds(user.createdAt)!,
    premium: {
      isPremium: plan.premium,
      servicePlan: planId,
      planUnit: plan.premium ? ((user.planUnit as PlanUnit | null) ?? null) : null,
      nextBillingDate: plan.premium ? toSeconds(user.nextBillingAt) : null,
      expireTime: plan.premium ? toSeconds(user.planExpiresAt) : null,
    },
    openTextView: user.openTextView,
    adsInfo: adsInfoFor(plan.ads),
    permissions: {
      pdf: withinQuota(q.pdfs, user.pdfUsed),
      image: withinQuota(q.images, user.imageUsed),
      annPermission: {
        annotationPermission: withinQuota(q.annotations, user.annotationUsed),
        annotationQuota: q.annotations,
        annotationUsedCount: user.annotationUsed,
      },
      imagePermission: {
        imagePermission: withinQuota(q.images, user.imageUsed),
        imageQuota: q.images,
        imageUsedCount: user.imageUsed,
      },
      pdfPermission: {
        pdfPermission: withinQuota(q.pdfs, user.pdfUsed),
        pdfQuota: q.pdfs,
        pdfUsedCount: user.pdfUsed,
      },
      outlinerPermission: {
        outlinerPermission: withinQuota(q.outliners, user.outlinerUsed),
        outlinerQuota: q.outliners,
        outlinerUsedCount: user.outlinerUsed,
      },
      cachedPagePermission: {
        cachedPagePermission: withinQuota(q.cachedPages, user.cachedPageUsed),
        cachedPageQuota: q.cachedPages,
        cachedPageUsedCount: user.cachedPageUsed,
      },
    },
    show_affiliate: true,
    show_join_affiliate: false,
    isEducationDomain: isEducationEmail(user.email),
    showCompany: Boolean(user.companyName),
    companyName: user.companyName,
    companyUri: user.companyUri,
    showClassic: user.showClassic,
    show_list: false,
  };
}
