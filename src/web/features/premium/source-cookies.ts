import { writeCookie } from '../../lib/cookies.ts';

/** Part 2 §2, §9: /premium's f (what led here) and daf (an affiliate's code, kept 60 days). */
export const SOURCE_COOKIE = 'premium_source';
export const AFFILIATE_COOKIE = 'affiliate';
export const AFFILIATE_DAYS = 60;
const SOURCE_DAYS = 1;
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** Stores f and daf before the premium info loads, so the server prices with the affiliate's discount. */
export function rememberSource(search: URLSearchParams): void {
  const f = search.get('f');
  if (f && CODE.test(f)) writeCookie(SOURCE_COOKIE, f, SOURCE_DAYS);
  const daf = search.get('daf');
  if (daf && CODE.test(daf)) writeCookie(AFFILIATE_COOKIE, daf, AFFILIATE_DAYS);
}

/** A date in seconds as the billing pages write it: 'November 23, 2026'. */
export function billingDate(seconds: number | null): string {
  if (seconds === null) return '—';
  return new Date(seconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}
