import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { UnauthorizedError } from '../errors.ts';
import { DeviceCookies } from './device.ts';
import { bearerOf, type PersonalTokenStore } from './personal-tokens.ts';
import type { SessionStore, SessionUser } from './sessions.ts';

/**
 * Who makes a request, memoised per request: the personal token of `Authorization: Bearer` when
 * the request carries one (its cookie is then ignored), else the session cookie, which it also
 * writes and clears.
 */
export class Auth {
  private readonly resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  readonly cookieName: string;
  readonly devices: DeviceCookies;

  constructor(
    readonly sessions: SessionStore,
    readonly tokens: PersonalTokenStore,
    private readonly config: Pick<Config, 'secureCookies' | 'sessionAbsoluteMs' | 'sessionSecret'>,
  ) {
    this.cookieName = config.secureCookies ? '__Host-folio_session' : 'folio_session';
    this.devices = new DeviceCookies(config.sessionSecret, config.secureCookies);
  }

  currentUser(request: FastifyRequest): Promise<SessionUser | null> {
    let found = this.resolved.get(request);
    if (!found) {
      const bearer = bearerOf(request.headers.authorization);
      const token = request.cookies[this.cookieName];
      found =
        bearer !== null
          ? this.tokens.resolve(bearer)
          : token
            ? this.sessions.resolve(token)
            : Promise.resolve(null);
      this.resolved.set(request, found);
    }
    return found;
  }

  async requireUser(request: FastifyRequest): Promise<SessionUser> {
    const user = await this.currentUser(request);
    if (!user) throw new UnauthorizedError();
    return user;
  }

  /** Starts a fresh session (a new token at every sign-in) and drops the one the browser had. */
  async startSession(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
    const old = request.cookies[this.cookieName];
    if (old) await this.sessions.revoke(old);
    await this.sessions.prune(userId);
    const { token } = await this.sessions.create(userId, request.headers['user-agent']);
    reply.setCookie(this.cookieName, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.secureCookies,
      maxAge: Math.floor(this.config.sessionAbsoluteMs / 1000),
    });
  }

  async endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies[this.cookieName];
    if (token) await this.sessions.revoke(token);
    reply.clearCookie(this.cookieName, { path: '/', secure: this.config.secureCookies });
  }
}
