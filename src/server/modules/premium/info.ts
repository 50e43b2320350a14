import { randomBytes } from 'node:crypto';
import { PLANS, type PlanId, type PlanUnit } from '../../../shared/plans.ts';
import {
  AFFILIATE_DISCOUNT_PERCENT,
  canUpgradeTo,
  planPriceCents,
  type Sellable,
  toDollars,
  upgradeQuote,
} from '../../../shared/premium-pricing.ts';
import type { PremiumInfoReply } from '../../../shared/schemas/premium.ts';
import { toSeconds } from '../../platform/clock.ts';
import { effectivePlan } from '../accounts/user-info.ts';
import { maskedCard } from './billing.ts';
import type { PremiumDeps } from './deps.ts';
import type { GiftsService } from './gifts.ts';
import * as repo from './repo.ts';

const dollarsOrNull = (cents: number | null) => (cents === null ? null : toDollars(cents));

/** What the premium pages and settings read: prices, upgrade offers, the subscription, the affiliate. */
export class PremiumInfoService {
  constructor(
    private readonly deps: PremiumDeps,
    private readonly gifts: GiftsService,
  ) {}

  /** GET /interact_api/load_user_premium_info (part 2 §3 Premium info); userId null: signed out. */
  async info(userId: number | null, affiliate: repo.AffiliateRow | null): Promise<PremiumInfoReply> {
    const now = this.deps.clock.now();
    const user = userId === null ? undefined : await this.deps.accounts.findUser(userId);
    const sub = user ? await repo.findSubscription(this.deps.db, user.id) : undefined;
    const plan: PlanId = user ? effectivePlan(user, now) : 'free';
    const unit = PLANS[plan].premium ? ((user?.planUnit as PlanUnit | null) ?? null) : null;
    const termEnd = user?.nextBillingAt ?? user?.planExpiresAt ?? null;
    // the affiliate discount is for a first subscription
    const discount = affiliate && !sub ? AFFILIATE_DISCOUNT_PERCENT : 0;
    const perPlan = (target: Sellable) => {
      const offer = (u: PlanUnit) => {
        if (!user || !unit || !termEnd || !PLANS[plan].premium) return null;
        const q = upgradeQuote({ plan, unit, nextBillingAt: termEnd }, target, u, now);
        return q
          ? {
              upgradeFee: toDollars(q.feeCents),
              nextBillingTime: toSeconds(q.nextBillingAt)!,
              newServicePlanPrice: toDollars(q.newPriceCents),
            }
          : null;
      };
      return {
        monthPrice: dollarsOrNull(planPriceCents(target, 'month')),
        yearPrice: dollarsOrNull(planPriceCents(target, 'year')),
        canUpgradeTo: user ? canUpgradeTo(plan, unit, target) : false,
        upgradeToYear: offer('year'),
        upgradeToMonth: offer('month'),
      };
    };
    const premium = PLANS[plan].premium;
    return {
      signedIn: Boolean(user),
      servicePlan: plan,
      planUnit: unit,
      isBusiness: plan === 'business',
      discount,
      affiliate: discount ? affiliate!.code : null,
      expireTime: premium ? toSeconds(user?.planExpiresAt) : null,
      nextBillingDate: premium ? toSeconds(user?.nextBillingAt) : null,
      creditCardNum: premium ? maskedCard(sub) : null,
      method: premium && sub ? sub.method : null,
      nowPrice:
        premium && sub
          ? toDollars(sub.renewalCents)
          : premium && unit
            ? dollarsOrNull(planPriceCents(plan, unit))
            : null,
      cancelled: Boolean(premium && user?.planExpiresAt),
      basic: perPlan('basic'),
      standard: perPlan('standard'),
      professional: perPlan('professional'),
    };
  }

  /** GET /api/affiliate/info: the user's affiliate link (made at the first visit) and earnings. */
  async affiliateInfo(userId: number, origin: string) {
    let row = await repo.affiliateOfUser(this.deps.db, userId);
    if (!row) {
      await repo.createAffiliate(
        this.deps.db,
        userId,
        randomBytes(6).toString('base64url'),
        this.deps.clock.now(),
      );
      row = (await repo.affiliateOfUser(this.deps.db, userId))!;
    }
    return {
      link: `${this.deps.publicUrl ?? origin}/premium?daf=${encodeURIComponent(row.code)}`,
      total: toDollars(row.totalCents),
      available: toDollars(row.totalCents - row.paidOutCents),
      referrals: await repo.referralCount(this.deps.db, row.id),
    };
  }

  /** Settings' premium.gifts, giftCount, sinceDate, paymentMethod and affiliate (part 2 §3). */
  async settingsSection(userId: number) {
    const base = this.deps.publicUrl ?? '';
    const [gifts, sub, affiliate] = await Promise.all([
      this.gifts.rowsOf(userId, base),
      repo.findSubscription(this.deps.db, userId),
      repo.affiliateOfUser(this.deps.db, userId),
    ]);
    return {
      gifts,
      giftCount: gifts.length,
      sinceDate: sub ? toSeconds(sub.since) : null,
      paymentMethod: sub?.method ?? null,
      affiliate: affiliate
        ? {
            link: `${base}/premium?daf=${encodeURIComponent(affiliate.code)}`,
            total: toDollars(affiliate.totalCents),
            available: toDollars(affiliate.totalCents - affiliate.paidOutCents),
          }
        : null,
    };
  }
}
