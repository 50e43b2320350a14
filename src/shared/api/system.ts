import { healthReplySchema, livenessReplySchema, readinessReplySchema } from '../schemas/system.ts';
import { defineCall } from './define.ts';

export const systemCalls = {
  health: defineCall({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness and database kind',
    caller: 'visitor',
    reply: healthReplySchema,
  }),
  liveness: defineCall({
    method: 'GET',
    path: '/healthz',
    summary: 'The process answers (for a proxy or orchestrator; asks nothing of the database)',
    caller: 'visitor',
    reply: livenessReplySchema,
  }),
  readiness: defineCall({
    method: 'GET',
    path: '/readyz',
    summary:
      'Ready for requests: database and file store reachable, migrations applied, not stopping (503 with what is not)',
    caller: 'visitor',
    reply: readinessReplySchema,
    otherReplies: { 503: readinessReplySchema },
  }),
  metrics: defineCall({
    method: 'GET',
    path: '/metrics',
    summary: 'Prometheus metrics, to the addresses METRICS_ALLOW names only (404 to others)',
    caller: 'visitor',
    produces: 'text/plain',
  }),
};
