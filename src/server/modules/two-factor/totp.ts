import { randomInt, timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';
import { tokenHash } from '../../platform/auth/sessions.ts';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
const PERIOD = 30;
const DIGITS = 6;
/** steps either side of now a code is still taken (clocks of phones drift) */
const WINDOW = 1;

export function newSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secret: string, account: string): string {
  return new TOTP({
    issuer: 'Folio',
    label: account,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  }).toString();
}

export function stepAt(now: Date): number {
  return TOTP.counter({ period: PERIOD, timestamp: now.getTime() });
}

export function codeAt(secret: string, step: number): string {
  return HOTP.generate({
    secret: Secret.fromBase32(secret),
    counter: step,
    digits: DIGITS,
    algorithm: 'SHA1',
  });
}

export function looksLikeTotp(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}

/**
 * The time step whose code this is (now ± WINDOW), or null. Every candidate is compared in
 * constant time and none is skipped, so the time taken says nothing about which one matched.
 */
export function matchingStep(secret: string, code: string, now: Date): number | null {
  const typed = Buffer.from(code.replace(/\s/g, '').padEnd(DIGITS, ' ').slice(0, DIGITS));
  const current = stepAt(now);
  let found: number | null = null;
  for (let step = current - WINDOW; step <= current + WINDOW; step += 1) {
    if (timingSafeEqual(typed, Buffer.from(codeAt(secret, step))) && found === null) found = step;
  }
  return found;
}

/** Recovery codes: 10 characters (about 49 bits) without look-alikes, shown as xxxxx-xxxxx. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i += 1) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** A typed recovery code as stored: lower case, without spaces or hyphens. */
export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function recoveryCodeHash(secret: string, code: string): string {
  return tokenHash(secret, `recovery:${normalizeRecoveryCode(code)}`);
}
