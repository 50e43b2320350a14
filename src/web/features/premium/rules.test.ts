import { describe, expect, it } from 'vitest';
import type { PremiumInfoReply } from '../../../shared/schemas/premium.ts';
import {
  cancelVisible,
  couponApplies,
  defaultUpgradeUnit,
  dollars,
  firstYearAmount,
  firstYearPrice,
  planButtonLabel,
  planDestination,
  planDisabled,
  savePercent,
  shownYearPrice,
  upgradeNeedsCard,
} from './rules.ts';

const prices = (canUpgradeTo: boolean) => ({
  monthPrice: 5,
  yearPrice: 40,
  canUpgradeTo,
  upgradeToYear: null,
  upgradeToMonth: null,
});

function info(overrides: Partial<PremiumInfoReply> = {}): PremiumInfoReply {
  return {
    signedIn: true,
    servicePlan: 'free',
    planUnit: null,
    isBusiness: false,
    discount: 0,
    affiliate: null,
    expireTime: null,
    nextBillingDate: null,
    creditCardNum: null,
    method: null,
    nowPrice: null,
    cancelled: false,
    basic: prices(true),
    standard: prices(true),
    professional: prices(true),
    ...overrides,
  };
}

describe('planDisabled (part 2 §4)', () => {
  it('disables nothing for a visitor', () => {
    const visitor = info({ signedIn: false, standard: prices(false) });
    for (const plan of ['free', 'standard', 'professional', 'business'] as const) {
      expect(planDisabled(plan, visitor)).toBe(false);
    }
  });
  it('disables free for a signed-in user', () => {
    expect(planDisabled('free', info())).toBe(true);
  });
  it('disables Business only for a user who has it', () => {
    expect(planDisabled('business', info())).toBe(false);
    expect(planDisabled('business', info({ isBusiness: true, servicePlan: 'business' }))).toBe(true);
  });
  it('disables a plan with no canUpgradeTo', () => {
    const u = info({ servicePlan: 'professional', standard: prices(false) });
    expect(planDisabled('standard', u)).toBe(true);
    expect(planDisabled('professional', u)).toBe(false);
  });
});

describe('planDestination and planButtonLabel', () => {
  const team = 'https://team.example/trial';
  it('sends a visitor to sign up with the plan, Business to the team site', () => {
    const visitor = info({ signedIn: false });
    expect(planDestination('standard', visitor, team)).toEqual({
      href: '/sign-up?plan=standard',
      external: false,
    });
    expect(planDestination('business', visitor, team)).toEqual({ href: team, external: true });
    expect(planButtonLabel('standard', visitor)).toBe('Choose plan');
    expect(planButtonLabel('business', visitor)).toBe('Try for free');
  });
  it('sends a free user to pay and a premium user to upgrade; a disabled plan goes nowhere', () => {
    expect(planDestination('professional', info(), team)?.href).toBe('/premium/pay?p=professional');
    const pro = info({ servicePlan: 'standard', standard: prices(false) });
    expect(planDestination('professional', pro, team)?.href).toBe('/premium/upgrade?p=professional');
    expect(planDestination('standard', pro, team)).toBeNull();
    expect(planButtonLabel('professional', pro)).toBe('Upgrade');
  });
  it('offers Change to yearly plan on a monthly plan with a yearly upgrade', () => {
    const offer = { upgradeFee: 30, nextBillingTime: 1, newServicePlanPrice: 40 };
    const monthly = info({
      servicePlan: 'standard',
      planUnit: 'month',
      standard: { ...prices(true), upgradeToYear: offer },
    });
    expect(planButtonLabel('standard', monthly)).toBe('Change to yearly plan');
    expect(planButtonLabel('standard', info({ servicePlan: 'standard', planUnit: 'year' }))).toBe(
      'Current plan',
    );
  });
});

describe('cancelVisible (part 2 §4)', () => {
  const renewing = info({ servicePlan: 'standard', planUnit: 'year', nextBillingDate: 1_900_000_000 });
  it('shows on the user own renewing plan only', () => {
    expect(cancelVisible('standard', renewing)).toBe(true);
    expect(cancelVisible('professional', renewing)).toBe(false);
  });
  it('hides without a next billing date, with an expireTime, once cancelled or after a cancel here', () => {
    expect(cancelVisible('standard', { ...renewing, nextBillingDate: null })).toBe(false);
    expect(cancelVisible('standard', { ...renewing, expireTime: 1_900_000_000 })).toBe(false);
    expect(cancelVisible('standard', { ...renewing, cancelled: true })).toBe(false);
    expect(cancelVisible('standard', renewing, true)).toBe(false);
    expect(cancelVisible('standard', { ...renewing, signedIn: false })).toBe(false);
  });
});

describe('prices (part 2 §9)', () => {
  it('computes the save percentage with one decimal', () => {
    expect(savePercent(5, 40)).toBe('33.3');
    expect(savePercent(6, 59)).toBe('18.1');
    expect(savePercent(null, 10)).toBeNull();
  });
  it('applies coupon christmas2016 in any case to the yearly prices', () => {
    expect(couponApplies(' ChristMas2016 ')).toBe(true);
    expect(couponApplies('christmas2017')).toBe(false);
    expect(shownYearPrice('professional', 59, 'CHRISTMAS2016')).toBe(40);
    expect(shownYearPrice('standard', 40, 'christmas2016')).toBe(28);
    expect(shownYearPrice('basic', 10, 'christmas2016')).toBe(10);
    expect(shownYearPrice('professional', 59, '')).toBe(59);
  });
  it('takes the affiliate discount off the first year exactly', () => {
    expect(firstYearAmount(59, 10)).toBe(53.1);
    expect(firstYearAmount(40, 10)).toBe(36);
    expect(firstYearAmount(59, 50)).toBe(29.5);
    expect(firstYearAmount(59, 0)).toBe(59);
  });
  it('charges the lowest of the coupon and affiliate prices for the first year, never both', () => {
    expect(firstYearPrice('professional', 59, 'christmas2016', 10)).toBe(40);
    expect(firstYearPrice('standard', 40, '', 10)).toBe(36);
    expect(firstYearPrice('standard', 40, 'christmas2016', 10)).toBe(28);
    expect(firstYearPrice('basic', 10, 'christmas2016', 10)).toBe(9);
    expect(firstYearPrice('basic', null, '', 10)).toBeNull();
  });
  it('writes dollars', () => {
    expect(dollars(40)).toBe('$40');
    expect(dollars(29.5)).toBe('$29.50');
  });
});

describe('upgrade term and card (part 2 §4, §5)', () => {
  const offer = { upgradeFee: 10, nextBillingTime: 1, newServicePlanPrice: 59 };
  it('defaults to year and falls back to month when no yearly upgrade is offered', () => {
    expect(defaultUpgradeUnit({ upgradeToYear: offer, upgradeToMonth: offer })).toBe('year');
    expect(defaultUpgradeUnit({ upgradeToYear: null, upgradeToMonth: offer })).toBe('month');
    expect(defaultUpgradeUnit({ upgradeToYear: null, upgradeToMonth: null })).toBe('year');
  });
  it('asks for a card only when the fee is above 0 and no stored card of the term exists', () => {
    const card = { method: 'card' as const, creditCardNum: '**** **** **** 4242', planUnit: 'year' as const };
    expect(upgradeNeedsCard(10, 'year', card)).toBe(false);
    expect(upgradeNeedsCard(10, 'month', card)).toBe(true);
    expect(upgradeNeedsCard(0, 'month', card)).toBe(false);
    expect(upgradeNeedsCard(10, 'year', { ...card, creditCardNum: null })).toBe(true);
    expect(upgradeNeedsCard(10, 'month', { ...card, method: 'paypal' })).toBe(false);
  });
});
