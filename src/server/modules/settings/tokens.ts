import { randomBytes, timingSafeEqual } from 'node:crypto';
import { tokenHash } from '../../platform/auth/sessions.ts';

/** A mailed link's secret: 256 random bits; only its keyed hash is stored. */
export function newLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

export function linkTokenHash(secret: string, token: string): string {
  return tokenHash(secret, `link:${token}`);
}

/** Constant-time comparison of two hex hashes (the row was found by its indexed hash first). */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export const VERIFY_EMAIL_TTL_MS = 24 * 3_600_000;
export const RESET_PASSWORD_TTL_MS = 3_600_000;
/** reset mails one account may be sent per hour (the route is also limited per address) */
export const RESET_MAILS_PER_HOUR = 3;
