import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A browser keeps its device cookie this long after its last successful sign-in. */
export const DEVICE_COOKIE_DAYS = 365;

export interface Device {
  userId: number;
  /** names this browser's own throttle counter */
  nonce: string;
}

/**
 * OWASP's device cookie: a browser where an account signed in successfully gets a signed
 * `userId.nonce` token, so its sign-ins are counted on their own and an attack on the account
 * (which slows every unknown browser) does not lock the owner out. The secret is the session secret.
 */
export class DeviceCookies {
  readonly cookieName: string;

  constructor(
    private readonly secret: string,
    private readonly secure: boolean,
  ) {
    this.cookieName = secure ? '__Host-folio_device' : 'folio_device';
  }

  read(request: FastifyRequest): Device | null {
    const value = request.cookies[this.cookieName];
    const match = value ? /^(\d{1,15})\.([\w-]{22})\.([\w-]{43})$/.exec(value) : null;
    if (!match) return null;
    const [, id, nonce, mac] = match as unknown as [string, string, string, string];
    const expected = Buffer.from(this.sign(`${id}.${nonce}`));
    if (!timingSafeEqual(expected, Buffer.from(mac))) return null;
    return { userId: Number(id), nonce };
  }

  /** After a successful sign-in: keeps this browser's cookie for the same account, else a new one. */
  remember(reply: FastifyReply, userId: number, current: Device | null): void {
    const nonce = current?.userId === userId ? current.nonce : randomBytes(16).toString('base64url');
    const payload = `${userId}.${nonce}`;
    reply.setCookie(this.cookieName, `${payload}.${this.sign(payload)}`, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      maxAge: DEVICE_COOKIE_DAYS * 86_400,
    });
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`device:${payload}`).digest('base64url');
  }
}
