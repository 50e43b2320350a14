import { createHmac, randomBytes } from 'node:crypto';

/**
 * The X-Folio-Signature header (README "Webhooks"): `t=<unix seconds>,v1=<hex HMAC-SHA256 of
 * "t.body">` under the webhook's secret. The timestamp inside the signed text lets a receiver
 * refuse an old delivery replayed to it.
 */
export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/** A new signing secret: 32 random bytes, prefixed so a leaked one is recognisable. */
export function newSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}
