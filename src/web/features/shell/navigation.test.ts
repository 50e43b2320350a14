import { describe, expect, it } from 'vitest';
import type { UserInfo, VisitorInfo } from '../../../shared/schemas/user-info.ts';
import { mainNavEntries, planCallToAction, userMenuEntries } from './navigation.ts';

const visitor: VisitorInfo = { name: null, adsInfo: { showAds: true, adPosition: 3, searchAds: 2 } };

function user(overrides: Partial<UserInfo> = {}, premium = false): UserInfo {
  return {
    name: 'reader1',
    email: 'reader1@example.com',
    firstName: '',
    lastName: '',
    real_name: 'reader1',
    avatar_url: '/avatar-default.svg',
    teacher: false,
    regist_at: 1_700_000_000,
    premium: {
      isPremium: premium,
      servicePlan: premium ? 'professional' : 'free',
      planUnit: premium ? 'year' : null,
      nextBillingDate: null,
      expireTime: null,
    },
    openTextView: false,
    adsInfo: { showAds: !premium, adPosition: 3, searchAds: 2 },
    permissions: {
      pdf: true,
      image: true,
      annPermission: { annotationPermission: true, annotationQuota: 100, annotationUsedCount: 0 },
      imagePermission: { imagePermission: true, imageQuota: 100, imageUsedCount: 0 },
      pdfPermission: { pdfPermission: true, pdfQuota: 100, pdfUsedCount: 0 },
      outlinerPermission: { outlinerPermission: true, outlinerQuota: 3, outlinerUsedCount: 0 },
      cachedPagePermission: { cachedPagePermission: true, cachedPageQuota: 500, cachedPageUsedCount: 0 },
    },
    show_affiliate: false,
    show_join_affiliate: false,
    isEducationDomain: false,
    showCompany: false,
    companyName: null,
    companyUri: null,
    showClassic: false,
    show_list: false,
    ...overrides,
  };
}

const labels = (entries: { label: string }[]) => entries.map((e) => e.label);

describe('userMenuEntries', () => {
  it('is empty for visitors and while user info is loading', () => {
    expect(userMenuEntries(visitor)).toEqual([]);
    expect(userMenuEntries(undefined)).toEqual([]);
  });

  it('gives a free user Support and no premium or teacher entries', () => {
    expect(labels(userMenuEntries(user()))).toEqual([
      'Public Library',
      'Settings',
      'Affiliate',
      'Support',
      'Discover',
      'Help',
      'Sign Out',
    ]);
  });

  it('gives a premium user Premium Account and Priority Support', () => {
    const entries = labels(userMenuEntries(user({}, true)));
    expect(entries).toContain('Premium Account');
    expect(entries).toContain('Priority Support');
    expect(entries).not.toContain('Support');
  });

  it('gives teachers the Teacher Console and not the educators resources', () => {
    const entries = labels(userMenuEntries(user({ teacher: true, isEducationDomain: true })));
    expect(entries).toContain('Teacher Console');
    expect(entries).not.toContain('Resources for Educators');
  });

  it('offers Resources for Educators to education-domain users who are not teachers', () => {
    const entries = labels(userMenuEntries(user({ isEducationDomain: true })));
    expect(entries).toContain('Resources for Educators');
    expect(entries).not.toContain('Teacher Console');
  });

  it('links the public library and settings of the signed-in user', () => {
    const entries = userMenuEntries(user({ name: 'a_b-c1' }));
    expect(entries[0]).toMatchObject({ kind: 'link', to: '/profile/a_b-c1' });
    expect(entries[1]).toMatchObject({ kind: 'link', to: '/setting' });
    expect(entries.at(-1)).toMatchObject({ kind: 'action', action: 'sign-out' });
  });
});

describe('mainNavEntries', () => {
  it('is empty for visitors', () => {
    expect(mainNavEntries(visitor)).toEqual([]);
  });

  it('lists library, outliners, groups, tools and blog', () => {
    const entries = mainNavEntries(user());
    expect(labels(entries)).toEqual([
      'My Library',
      'My Outliners',
      'Daily Review',
      'My Groups',
      'Tools',
      'Blog',
    ]);
    expect(entries[0]).toMatchObject({ to: '/user/reader1' });
  });

  it('adds the company link and Back to classic when the flags are set', () => {
    const entries = mainNavEntries(
      user({ showCompany: true, companyName: 'Acme', companyUri: 'https://acme.example', showClassic: true }),
    );
    expect(labels(entries)).toEqual([
      'My Library',
      'My Outliners',
      'Daily Review',
      'My Groups',
      'My Acme',
      'Tools',
      'Blog',
      'Back to classic',
    ]);
    expect(entries[4]).toMatchObject({ to: 'https://acme.example', external: true });
  });
});

describe('planCallToAction', () => {
  it('offers Upgrade to free users and nothing to visitors or premium users', () => {
    expect(planCallToAction(user())).toMatchObject({ label: 'Upgrade', to: '/premium' });
    expect(planCallToAction(visitor)).toBeNull();
    expect(planCallToAction(user({}, true))).toBeNull();
  });

  it('shows Over Quota instead of Upgrade once a used count exceeds its quota', () => {
    const over = user();
    over.permissions.pdfPermission.pdfUsedCount = 101;
    expect(planCallToAction(over)).toMatchObject({ label: 'Over Quota' });
  });

  it('is not over quota at exactly the quota', () => {
    const full = user();
    full.permissions.annPermission.annotationUsedCount = 100;
    expect(planCallToAction(full)).toMatchObject({ label: 'Upgrade' });
  });
});
