import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '../../../shared/messages.ts';
import { ForbiddenError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Non-browser clients without an Origin header send this instead; browsers cannot send it cross-site without CORS. */
export const CSRF_HEADER = 'x-folio-csrf';

/** The origin the app is served from: PUBLIC_URL when set, else the request's own scheme and host. */
export function ownOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  return `${request.protocol}://${request.host}`;
}

/** Refuses unsafe methods that come from another origin (403). */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string | undefined) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
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
