import type { FastifyInstance } from 'fastify';
import { tokenCalls } from '../../../shared/api/tokens.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import type { TokensService } from './service.ts';

/** /api/tokens: Settings > Developer's personal access tokens (scope 'none': sessions only). */
export function registerTokenRoutes(app: FastifyInstance, deps: { tokens: TokensService; auth: Auth }) {
  const bind = binder(app, deps.auth);
  bind(tokenCalls.create, ({ user, body }) => deps.tokens.create(user, body));
  bind(tokenCalls.list, ({ user }) => deps.tokens.list(user));
  bind(tokenCalls.revoke, ({ user, params }) => deps.tokens.revoke(user, params.id));
}
