import type { FastifyInstance } from 'fastify';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';
import type { RequestLimit } from '../rate-limit/rate-limit.ts';
import type { Auth } from './auth.ts';
import { bearerOf } from './personal-tokens.ts';

export const TOKEN_MSG = {
  invalid: 'This token is unknown, revoked or expired.',
  notForTokens: 'This call needs a browser session; a personal token cannot make it.',
  readOnly: 'This token may only read; make a write token to change anything.',
} as const;

/**
 * Requests with `Authorization: Bearer <personal token>`, before anything else reads them: an
 * unknown, revoked or expired token is a 401; a route whose definition has no token scope (or
 * 'none': sign-in, password, e-mail, two-factor, account deletion, paying, tokens) is a 403, as is
 * a write call with a read token; then the token's own rate limit. The scope comes from the
 * route's schema (contract.ts `schemaOf`), so every call bound from a definition is covered.
 */
export function registerTokenGate(app: FastifyInstance, deps: { auth: Auth; limit: RequestLimit }): void {
  app.addHook('onRequest', async (request) => {
    if (bearerOf(request.headers.authorization) === null) return;
    const user = await deps.auth.currentUser(request);
    if (!user?.token) throw new UnauthorizedError(TOKEN_MSG.invalid);
    // no route: the usual not-found answer (a client with a token learns of a missing call as anyone does)
    if (request.is404) return deps.limit(request);
    const scope = request.routeOptions.schema?.scope;
    if (!scope || scope === 'none') throw new ForbiddenError(TOKEN_MSG.notForTokens);
    if (scope === 'write' && user.token.scope !== 'write') throw new ForbiddenError(TOKEN_MSG.readOnly);
    await deps.limit(request);
  });
}
