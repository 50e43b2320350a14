import { randomBytes } from 'node:crypto';
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

function mac(secret: string, body: string): string {
  return tokenHash(secret, `2fa-pending:${body}`);
}
