import type { FastifyInstance } from 'fastify';
import { ruleCalls } from '../../../shared/api/rules.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import type { RulesService } from './service.ts';

export function registerRuleRoutes(app: FastifyInstance, deps: { rules: RulesService; auth: Auth }) {
  const { rules } = deps;
  const bind = binder(app, deps.auth);
  bind(ruleCalls.list, ({ user }) => rules.list(user));
  bind(ruleCalls.create, ({ user, body }) => rules.create(user, body));
  bind(ruleCalls.try, ({ user, body }) => rules.tryQuery(user, body));
  bind(ruleCalls.remove, ({ user, params }) => rules.remove(user, params));
  bind(ruleCalls.apply, ({ user, params }) => rules.applyNow(user, params));
}
