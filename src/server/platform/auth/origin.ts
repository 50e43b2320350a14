import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '../../../shared/messages.ts';
import { ForbiddenError } from '../errors.ts';
import { bearerOf } from './personal-tokens.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a route only a personal token opens (/mcp): no cookie ever speaks there, so no cross-site check */
    tokenOnly?: boolean;
    /** a route whose POST a mail client makes by design (RFC 8058 one-click unsubscribe) */
    crossSiteAllowed?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Non-browser clients without an Origin header send this instead; browsers cannot send it cross-site without CORS. */
export const CSRF_HEADER = 'x-folio-csrf';

export const PUBLIC_URL_WARNING =
  'PUBLIC_URL is not set: cross-site requests are checked against the Host header of each request. Set PUBLIC_URL to the address users reach.';

/** The origin the app is served from: PUBLIC_URL when set, else the request's own scheme and host. */
export function ownOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  return `${request.protocol}://${request.host}`;
}

/**
 * Refuses unsafe methods that come from another origin (403), except those made with a personal
 * token: a cross-site page cannot send an Authorization header without CORS, and no cookie speaks
 * for the caller (the token gate ignores it). Without PUBLIC_URL the app's own
 * origin is taken from the Host header, which only holds while a proxy in front passes the real one.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string | undefined) {
  if (!publicUrl) app.log.warn(PUBLIC_URL_WARNING);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const { tokenOnly, crossSiteAllowed } = request.routeOptions.config;
    if (bearerOf(request.headers.authorization) !== null || tokenOnly || crossSiteAllowed) return;
    const origin = request.headers.origin;
    if (origin) {
      if (origin !== ownOrigin(request, publicUrl)) throw new ForbiddenError(MSG.crossOrigin);
      return;
    }
    const site = request.headers['sec-fetch-site'];
    if (site && site !== 'same-origin' && site !== 'none') throw new ForbiddenError(MSG.crossOrigin);
    if (!site && !request.headers[CSRF_HEADER]) throw new ForbiddenError(MSG.crossOrigin);
  });
}
