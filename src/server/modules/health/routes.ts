import type { FastifyInstance } from 'fastify';
import { healthCalls } from '../../../shared/api/health.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import type { HealthService } from './service.ts';

export function registerHealthRoutes(app: FastifyInstance, deps: { health: HealthService; auth: Auth }) {
  const { health } = deps;
  const bind = binder(app, deps.auth);
  bind(healthCalls.health, ({ user, params }) => health.health(user, params));
  bind(healthCalls.check, ({ user, params }) => health.checkNow(user, params));
  bind(healthCalls.changes, ({ user, params }) => health.changes(user, params));
  bind(healthCalls.updateCopy, ({ user, params }) => health.updateCopy(user, params));
  bind(healthCalls.versions, ({ user, params }) => health.versions(user, params));
  bind(healthCalls.version, ({ user, params }) => health.version(user, params));
}
