import type { FastifyInstance } from 'fastify';
import { statsCalls } from '../../../shared/api/stats.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import type { StatsService } from './service.ts';

/** POST /stats: visitors too; the caller is not recorded (rate-limited in LIMITED_ROUTES). */
export function registerStatsRoutes(app: FastifyInstance, deps: { stats: StatsService; auth: Auth }) {
  binder(app, deps.auth)(statsCalls.record, async ({ body }) => {
    await deps.stats.record(body);
    return { code: 1 as const };
  });
}
