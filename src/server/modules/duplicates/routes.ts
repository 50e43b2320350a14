import type { FastifyInstance } from 'fastify';
import { duplicateCalls } from '../../../shared/api/duplicates.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import type { DuplicatesService } from './service.ts';

export function registerDuplicateRoutes(
  app: FastifyInstance,
  deps: { duplicates: DuplicatesService; auth: Auth },
) {
  const bind = binder(app, deps.auth);
  bind(duplicateCalls.list, ({ user, query }) => deps.duplicates.list(user, query));
  bind(duplicateCalls.merge, ({ user, body }) => deps.duplicates.merge(user, body));
}
