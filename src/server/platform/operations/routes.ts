import type { FastifyInstance } from 'fastify';
import { systemCalls } from '../../../shared/api/system.ts';
import { MSG } from '../../../shared/messages.ts';
import type { Database } from '../../db/client.ts';
import type { BlobStore } from '../blob-store.ts';
import type { Bind } from '../contract.ts';
import type { JobQueue } from '../jobs.ts';
import { addressAllowList, instanceMetrics } from './metrics.ts';
import { checkReadiness, type Lifecycle } from './readiness.ts';

/** /healthz, /readyz and /metrics: what a proxy, an orchestrator and Prometheus ask an instance. */
export function registerOperationsRoutes(
  app: FastifyInstance,
  bind: Bind,
  deps: {
    database: Database;
    blobs: BlobStore;
    jobs: JobQueue;
    lifecycle: Lifecycle;
    metricsAllow: string[];
  },
): void {
  bind(systemCalls.liveness, async () => ({ ok: true as const }));

  bind(systemCalls.readiness, async ({ reply }) => {
    const readiness = await checkReadiness({ ...deps, log: (err, msg) => app.log.warn({ err }, msg) });
    reply.header('cache-control', 'no-store');
    return reply.status(readiness.ready ? 200 : 503).send(readiness);
  });

  const metrics = instanceMetrics(app, deps);
  const allowed = addressAllowList(deps.metricsAllow);
  bind(systemCalls.metrics, async ({ request, reply }) => {
    // a 404, not a 403: to others the endpoint does not exist
    if (!allowed(request.ip)) return reply.status(404).send({ code: -1, message: MSG.notFound });
    const text = await metrics.scrape();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
}
