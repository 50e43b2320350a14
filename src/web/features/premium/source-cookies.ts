import { writeCookie } from '../../lib/cookies.ts';

/**
 * Part 2 §2: /premium's f (what led here) is kept in a cookie. daf, the affiliate's code, goes to the
 * premium info call instead: the server keeps it 60 days in its own httpOnly cookie (`daf`).
 */
export const SOURCE_COOKIE = 'premium_source';
const SOURCE_DAYS = 1;
const CODE = /^[A-Za-z0-9_-]{1,64}$/;

export function rememberSource(search: URLSearchParams): void {
  const f = search.get('f');
  if (f && CODE.test(f)) writeCookie(SOURCE_COOKIE, f, SOURCE_DAYS);
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
