import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Seals a stored third-party secret (an app password) with AES-256-GCM under the configuration's
 * SECRETS_KEY: `v1.{iv}.{tag}.{ciphertext}`, base64url. Opening a tampered or foreign box throws.
 */
const PREFIX = 'v1';

function keyOf(secretsKey: string): Buffer {
  return createHash('sha256').update(`folio-secret-box:${secretsKey}`).digest();
}

export function seal(secretsKey: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretsKey), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [PREFIX, iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function open(secretsKey: string, box: string): string {
  const [prefix, iv, tag, data] = box.split('.');
  if (prefix !== PREFIX || !iv || !tag || data === undefined) throw new Error('Not a sealed secret.');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(secretsKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
