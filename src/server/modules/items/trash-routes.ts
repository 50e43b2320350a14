import type { FastifyInstance } from 'fastify';
import { trashCalls } from '../../../shared/api/trash.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import type { TrashService } from './trash.ts';

export function registerTrashRoutes(app: FastifyInstance, deps: { trash: TrashService; auth: Auth }) {
  const { trash } = deps;
  const bind = binder(app, deps.auth);
  bind(trashCalls.list, ({ user, query }) => trash.list(user, query.page));
  bind(trashCalls.restore, ({ user, body }) => trash.restore(user, body));
  bind(trashCalls.deleteForever, ({ user, body }) => trash.deleteForever(user, body));
  bind(trashCalls.empty, ({ user }) => trash.empty(user));
}
