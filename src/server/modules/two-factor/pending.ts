import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { PENDING_SIGN_IN_MS } from '../../../shared/schemas/two-factor.ts';
import { tokenHash } from '../../platform/auth/sessions.ts';
import { sameHash } from '../settings/tokens.ts';

/**
 * The password step's proof, handed to the browser in place of a session while the code is asked
 * for: `{userId}.{expiresMs}.{nonce}.{mac}`, HMAC-signed with the session secret, so no server
 * keeps state between the two steps and any instance can finish the sign-in.
 */
export function issuePending(secret: string, userId: number, expiresAt: Date): string {
  const body = `${userId}.${expiresAt.getTime()}.${randomBytes(12).toString('base64url')}`;
  return `${body}.${mac(secret, body)}`;
}

/** The user the token was issued for, or null when it is forged, malformed or expired. */
export function readPending(secret: string, token: string, now: Date): number | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [user, expires, nonce, signature] = parts as [string, string, string, string];
  if (!/^\d+$/.test(user) || !/^\d+$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return null;
  if (!sameHash(signature, mac(secret, `${user}.${expires}.${nonce}`))) return null;
  if (Number(expires) <= now.getTime()) return null;
  const userId = Number(user);
  return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
}

/**
 * A sign-in that comes back from a provider ends in a redirect, not a JSON reply, so its pending
 * sign-in rides in this cookie instead: httpOnly, sent only to the code call, never in an address
 * (history, logs, Referer). The code call takes the body's `pending` first, else this cookie.
 */
export const PENDING_COOKIE = 'folio_2fa';
const PENDING_COOKIE_PATH = '/api/auth/two-factor';

export function handOverPending(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(PENDING_COOKIE, token, {
    path: PENDING_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: PENDING_SIGN_IN_MS / 1000,
  });
}

export function clearPending(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(PENDING_COOKIE, { path: PENDING_COOKIE_PATH, secure });
}

function mac(secret: string, body: string): string {
  return tokenHash(secret, `2fa-pending:${body}`);
}
