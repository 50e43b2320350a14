import { PLANS, type PlanId, type PlanUnit } from './plans.ts';

/**
 * Premium prices in integer cents (spec part 2 §9; issue 20). Pure: the server charges these and
 * the pages show them, so a page and the charge never disagree. The proration formula is in
 * docs/payments.md.
 */

export const SELLABLE = ['basic', 'standard', 'professional'] as const;
export type Sellable = (typeof SELLABLE)[number];
const RANK: Record<PlanId, number> = { free: 0, basic: 1, standard: 2, professional: 3, business: 4 };

export const CHRISTMAS_COUPON = 'christmas2016';
const CHRISTMAS_YEAR_CENTS: Partial<Record<PlanId, number>> = { professional: 4000, standard: 2800 };
export const AFFILIATE_DISCOUNT_PERCENT = 10;
export const THANKSGIVING_FIRST_YEAR_CENTS = 2950;
export const GIFT_PLAN: Sellable = 'professional';
export const DAY_MS = 86_400_000;

export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;

/** The list price of a plan by term, or null when the plan is not sold by that term. */
export function planPriceCents(plan: PlanId, unit: PlanUnit): number | null {
  const dollars = unit === 'year' ? PLANS[plan].yearPrice : PLANS[plan].monthPrice;
  return dollars === null ? null : toCents(dollars);
}

export function isChristmasCoupon(coupon: string | undefined): boolean {
  return (coupon ?? '').trim().toLowerCase() === CHRISTMAS_COUPON;
}

export interface FirstTermInput {
  plan: PlanId;
  unit: PlanUnit;
  coupon?: string;
  /** the buyer came through an affiliate's link */
  affiliate?: boolean;
  offer?: 'thanksgiving';
}

/**
 * What the first term costs: the lowest of the list price, the christmas2016 coupon's yearly price,
 * the affiliate's 10 % off a first year and the thanksgiving offer (Professional yearly only).
 * Renewals always cost the list price. Null: the plan is not sold by that term.
 */
export function firstTermCents(input: FirstTermInput): number | null {
  const list = planPriceCents(input.plan, input.unit);
  if (list === null) return null;
  const candidates = [list];
  if (input.unit === 'year') {
    const christmas = CHRISTMAS_YEAR_CENTS[input.plan];
    if (christmas !== undefined && isChristmasCoupon(input.coupon)) candidates.push(christmas);
    if (input.affiliate) candidates.push(Math.round((list * (100 - AFFILIATE_DISCOUNT_PERCENT)) / 100));
    if (input.offer === 'thanksgiving' && input.plan === 'professional') {
      candidates.push(THANKSGIVING_FIRST_YEAR_CENTS);
    }
  }
  return Math.min(...candidates);
}

/** Save percentage of paying yearly, one decimal: (12 x monthly - yearly) / (12 x monthly) x 100. */
export function savePercent(monthly: number | null, yearly: number | null): number | null {
  if (!monthly || yearly === null) return null;
  return Math.round(((12 * monthly - yearly) / (12 * monthly)) * 1000) / 10;
}

/** One term after `from` (calendar month or year, UTC). */
export function addTerm(from: Date, unit: PlanUnit, terms = 1): Date {
  const d = new Date(from);
  if (unit === 'year') d.setUTCFullYear(d.getUTCFullYear() + terms);
  else d.setUTCMonth(d.getUTCMonth() + terms);
  return d;
}

export interface CurrentTerm {
  plan: PlanId;
  unit: PlanUnit;
  /** when the current paid term ends */
  nextBillingAt: Date;
}

export interface UpgradeQuote {
  feeCents: number;
  /** when the upgraded plan next bills */
  nextBillingAt: Date;
  /** what the new plan costs each term from then on */
  newPriceCents: number;
}

/** Whole days of the current term not yet used, counting a started day as unused; 0..termDays. */
export function unusedDays(term: CurrentTerm, now: Date): { unused: number; termDays: number } {
  const start = addTerm(term.nextBillingAt, term.unit, -1);
  const termDays = Math.round((term.nextBillingAt.getTime() - start.getTime()) / DAY_MS);
  const left = Math.ceil((term.nextBillingAt.getTime() - now.getTime()) / DAY_MS);
  return { unused: Math.min(termDays, Math.max(0, left)), termDays };
}

/**
 * The fee to move to `target` by `unit` now (docs/payments.md):
 * - same term length: the price difference for the unused days, the billing date kept:
 *   fee = (newPrice - oldPrice) x unused / termDays;
 * - month to year: a new year starts now, less the credit of the unused days of the month:
 *   fee = newYearPrice - oldPrice x unused / termDays.
 * Null when it is not an upgrade: a lower or equal plan by the same term, year to month, or a
 * plan not sold by that term. Never below 0.
 */
export function upgradeQuote(
  term: CurrentTerm,
  target: PlanId,
  unit: PlanUnit,
  now: Date,
): UpgradeQuote | null {
  const newPrice = planPriceCents(target, unit);
  const oldPrice = planPriceCents(term.plan, term.unit);
  if (newPrice === null || oldPrice === null || !PLANS[term.plan].premium || term.plan === 'business')
    return null;
  if (RANK[target] < RANK[term.plan] || target === 'business') return null;
  const { unused, termDays } = unusedDays(term, now);
  if (unit === term.unit) {
    if (RANK[target] === RANK[term.plan]) return null;
    const fee = Math.round(((newPrice - oldPrice) * unused) / termDays);
    return { feeCents: Math.max(0, fee), nextBillingAt: term.nextBillingAt, newPriceCents: newPrice };
  }
  if (term.unit === 'year') return null;
  const credit = Math.round((oldPrice * unused) / termDays);
  return {
    feeCents: Math.max(0, newPrice - credit),
    nextBillingAt: addTerm(now, 'year'),
    newPriceCents: newPrice,
  };
}

/** A sellable plan the user may move to: a higher plan, or the same plan from month to year. */
export function canUpgradeTo(current: PlanId, currentUnit: PlanUnit | null, target: Sellable): boolean {
  if (!PLANS[current].premium) return true;
  if (current === 'business') return false;
  if (RANK[target] > RANK[current]) return true;
  return target === current && currentUnit === 'month' && planPriceCents(target, 'year') !== null;
}

/** An affiliate's commission on a referred payment, in cents (the percentage is the operator's). */
export function commissionCents(amountCents: number, percent: number): number {
  return Math.round((amountCents * percent) / 100);
}
