import type { PremiumInfoReply } from '../../../shared/schemas/premium.ts';

/** The columns of the feature table (part 2 §2); Free only for signed-out visitors. */
export type TablePlan = 'free' | 'standard' | 'professional' | 'business';
type PricedPlan = 'basic' | 'standard' | 'professional';

export function isPricedPlan(plan: string): plan is PricedPlan {
  return plan === 'basic' || plan === 'standard' || plan === 'professional';
}

/**
 * Part 2 §4: for a signed-in user a plan is disabled if it is free, if it is Business and the user
 * already has it, or if it offers no upgrade (canUpgradeTo). Nothing is disabled for a visitor.
 */
export function planDisabled(plan: TablePlan, info: PremiumInfoReply): boolean {
  if (!info.signedIn) return false;
  if (plan === 'free') return true;
  if (plan === 'business') return info.isBusiness;
  return !info[plan].canUpgradeTo;
}

/**
 * Part 2 §4: the Cancel button shows on the user's own plan while it renews (a next billing date,
 * no expireTime) and is not yet cancelled; a successful unsubscribe hides it (`cancelledHere`).
 */
export function cancelVisible(plan: string, info: PremiumInfoReply, cancelledHere = false): boolean {
  return (
    info.signedIn &&
    info.servicePlan === plan &&
    info.nextBillingDate !== null &&
    info.expireTime === null &&
    !info.cancelled &&
    !cancelledHere
  );
}

/** Where choosing a plan leads (part 2 §4); null when the plan is disabled and does nothing. */
export function planDestination(
  plan: TablePlan,
  info: PremiumInfoReply,
  teamUrl: string,
): { href: string; external: boolean } | null {
  if (plan === 'business') return planDisabled(plan, info) ? null : { href: teamUrl, external: true };
  if (!info.signedIn) return { href: `/sign-up?plan=${plan}`, external: false };
  if (planDisabled(plan, info)) return null;
  const premium = info.servicePlan !== 'free';
  return { href: `/premium/${premium ? 'upgrade' : 'pay'}?p=${plan}`, external: false };
}

/** The button's words for a plan column. */
export function planButtonLabel(plan: TablePlan, info: PremiumInfoReply): string {
  if (plan === 'business') return 'Try for free';
  if (!info.signedIn) return 'Choose plan';
  if (info.servicePlan === plan) {
    return info.planUnit === 'month' && info[plan as PricedPlan]?.upgradeToYear
      ? 'Change to yearly plan'
      : 'Current plan';
  }
  return 'Upgrade';
}

/** Save percentage = (12 × monthly − yearly) / (12 × monthly) × 100, one decimal (part 2 §9). */
export function savePercent(monthPrice: number | null, yearPrice: number | null): string | null {
  if (!monthPrice || yearPrice === null) return null;
  const twelve = 12 * monthPrice;
  return (((twelve - yearPrice) / twelve) * 100).toFixed(1);
}

/** An upgrade defaults to year, falling back to month when no yearly upgrade is offered (§4). */
export function defaultUpgradeUnit(
  prices: Pick<PremiumInfoReply['standard'], 'upgradeToYear' | 'upgradeToMonth'>,
): 'year' | 'month' {
  return prices.upgradeToYear || !prices.upgradeToMonth ? 'year' : 'month';
}

/**
 * §5: an upgrade asks for a card only when its fee is above 0 and no valid stored card of the same
 * term exists; PayPal subscribers never type a card.
 */
export function upgradeNeedsCard(
  fee: number,
  unit: 'year' | 'month',
  info: Pick<PremiumInfoReply, 'method' | 'creditCardNum' | 'planUnit'>,
): boolean {
  if (info.method === 'paypal') return false;
  if (fee <= 0) return false;
  const storedCardOfTerm = info.method === 'card' && info.creditCardNum !== null && info.planUnit === unit;
  return !storedCardOfTerm;
}

/** Coupon christmas2016, any case, sets the shown yearly prices (part 2 §9). */
export const COUPON_CODE = 'christmas2016';
const COUPON_YEAR_PRICES: Partial<Record<PricedPlan, number>> = { professional: 40, standard: 28 };

export function couponApplies(coupon: string): boolean {
  return coupon.trim().toLowerCase() === COUPON_CODE;
}

/** The yearly price shown for a plan, after the coupon. */
export function shownYearPrice(plan: PricedPlan, yearPrice: number | null, coupon: string): number | null {
  if (couponApplies(coupon)) return COUPON_YEAR_PRICES[plan] ?? yearPrice;
  return yearPrice;
}

/** The first year's amount: the yearly price less the affiliate's discount percent (§9), in cents-exact dollars. */
export function firstYearAmount(yearPrice: number, discountPercent: number): number {
  const cents = Math.round(yearPrice * 100);
  return Math.round(cents - (cents * discountPercent) / 100) / 100;
}

/** What the first year costs: the lowest of the list price, the coupon's and the affiliate's (they do not add up). */
export function firstYearPrice(
  plan: PricedPlan,
  yearPrice: number | null,
  coupon: string,
  discountPercent: number,
): number | null {
  if (yearPrice === null) return null;
  const withCoupon = shownYearPrice(plan, yearPrice, coupon) ?? yearPrice;
  return Math.min(withCoupon, firstYearAmount(yearPrice, discountPercent));
}

/** Dollars as the pages show them: '$40', '$29.50'. */
export function dollars(amount: number): string {
  return Number.isInteger(amount) ? `$${amount}` : `$${amount.toFixed(2)}`;
}
