import { describe, expect, it } from 'vitest';
import {
  addTerm,
  canUpgradeTo,
  commissionCents,
  firstTermCents,
  planPriceCents,
  savePercent,
  upgradeQuote,
} from './premium-pricing.ts';

describe('prices (spec part 2 §9)', () => {
  it('lists each plan by term in cents', () => {
    expect(planPriceCents('standard', 'year')).toBe(4000);
    expect(planPriceCents('standard', 'month')).toBe(500);
    expect(planPriceCents('professional', 'year')).toBe(5900);
    expect(planPriceCents('professional', 'month')).toBe(600);
    expect(planPriceCents('basic', 'year')).toBe(1000);
    expect(planPriceCents('basic', 'month')).toBeNull();
    expect(planPriceCents('business', 'month')).toBe(1000);
  });

  it('christmas2016 in any case sets the yearly prices to 40 and 28, not the monthly ones', () => {
    expect(firstTermCents({ plan: 'professional', unit: 'year', coupon: 'ChristMas2016' })).toBe(4000);
    expect(firstTermCents({ plan: 'standard', unit: 'year', coupon: ' christmas2016 ' })).toBe(2800);
    expect(firstTermCents({ plan: 'standard', unit: 'month', coupon: 'christmas2016' })).toBe(500);
    expect(firstTermCents({ plan: 'basic', unit: 'year', coupon: 'christmas2016' })).toBe(1000);
    expect(firstTermCents({ plan: 'standard', unit: 'year', coupon: 'christmas2017' })).toBe(4000);
  });

  it('an affiliate referral takes 10 % off the first year', () => {
    expect(firstTermCents({ plan: 'professional', unit: 'year', affiliate: true })).toBe(5310);
    expect(firstTermCents({ plan: 'standard', unit: 'year', affiliate: true })).toBe(3600);
    expect(firstTermCents({ plan: 'standard', unit: 'month', affiliate: true })).toBe(500);
  });

  it('thanksgiving: Professional yearly 29.5 the first year only', () => {
    expect(firstTermCents({ plan: 'professional', unit: 'year', offer: 'thanksgiving' })).toBe(2950);
    expect(firstTermCents({ plan: 'standard', unit: 'year', offer: 'thanksgiving' })).toBe(4000);
    expect(firstTermCents({ plan: 'professional', unit: 'month', offer: 'thanksgiving' })).toBe(600);
  });

  it('refuses a term the plan is not sold by', () => {
    expect(firstTermCents({ plan: 'basic', unit: 'month' })).toBeNull();
  });

  it('save percentage with one decimal', () => {
    expect(savePercent(5, 40)).toBe(33.3);
    expect(savePercent(6, 59)).toBe(18.1);
    expect(savePercent(null, 10)).toBeNull();
  });

  it('commission is the operator percentage of the amount, rounded to a cent', () => {
    expect(commissionCents(5310, 20)).toBe(1062);
    expect(commissionCents(2950, 15)).toBe(443);
  });
});

describe('upgrade fee prorated by unused days', () => {
  const start = new Date(Date.UTC(2026, 0, 1));
  const yearTerm = {
    plan: 'standard' as const,
    unit: 'year' as const,
    nextBillingAt: addTerm(start, 'year'),
  };
  const monthTerm = {
    plan: 'standard' as const,
    unit: 'month' as const,
    nextBillingAt: addTerm(start, 'month'),
  };

  it('at the start of a year the whole difference is due, the billing date kept', () => {
    const q = upgradeQuote(yearTerm, 'professional', 'year', start)!;
    expect(q).toEqual({ feeCents: 1900, nextBillingAt: yearTerm.nextBillingAt, newPriceCents: 5900 });
  });

  it('in the middle, the difference for the days left', () => {
    const mid = new Date(start.getTime() + 182 * 86_400_000);
    // 183 of 365 days unused: 1900 x 183 / 365 = 952.6
    expect(upgradeQuote(yearTerm, 'professional', 'year', mid)!.feeCents).toBe(953);
  });

  it('on the last day, one day of the difference', () => {
    const last = new Date(yearTerm.nextBillingAt.getTime() - 3_600_000);
    expect(upgradeQuote(yearTerm, 'professional', 'year', last)!.feeCents).toBe(5);
  });

  it('month to year: a new year from now less the credit of the month left', () => {
    expect(upgradeQuote(monthTerm, 'professional', 'year', start)).toEqual({
      feeCents: 5400,
      nextBillingAt: addTerm(start, 'year'),
      newPriceCents: 5900,
    });
    const mid = new Date(start.getTime() + 15 * 86_400_000);
    // 16 of 31 days unused: credit 500 x 16 / 31 = 258
    expect(upgradeQuote(monthTerm, 'professional', 'year', mid)!.feeCents).toBe(5900 - 258);
    expect(upgradeQuote(monthTerm, 'standard', 'year', start)!.feeCents).toBe(3500);
  });

  it('no upgrade to a lower or equal plan, from year to month, or from free', () => {
    expect(upgradeQuote(yearTerm, 'basic', 'year', start)).toBeNull();
    expect(upgradeQuote(yearTerm, 'standard', 'year', start)).toBeNull();
    expect(upgradeQuote(yearTerm, 'professional', 'month', start)).toBeNull();
    expect(upgradeQuote({ ...yearTerm, plan: 'free' }, 'professional', 'year', start)).toBeNull();
  });

  it('canUpgradeTo: higher plans, the same plan month to year, anything from free', () => {
    expect(canUpgradeTo('free', null, 'basic')).toBe(true);
    expect(canUpgradeTo('standard', 'year', 'professional')).toBe(true);
    expect(canUpgradeTo('standard', 'year', 'standard')).toBe(false);
    expect(canUpgradeTo('standard', 'month', 'standard')).toBe(true);
    expect(canUpgradeTo('standard', 'year', 'basic')).toBe(false);
    expect(canUpgradeTo('business', 'month', 'professional')).toBe(false);
  });
});
