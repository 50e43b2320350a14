import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Database, queryRows } from '../../db/client.ts';
import type { JobQueue } from '../jobs.ts';

/**
 * Prometheus metrics of one instance: a registry of its own (tests build several apps in one
 * process), filled by hooks on requests and jobs and, at each scrape, by the pool and the jobs table.
 */
export function instanceMetrics(
  app: FastifyInstance,
  deps: { database: Database; jobs: JobQueue },
): { contentType: string; scrape(): Promise<string> } {
  const registry = new Registry();
  let processMetrics = false;

  const requests = new Histogram({
    name: 'folio_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // the pattern, never the raw URL: ids would make a series per item; unrouted requests share one
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const jobRuns = new Histogram({
    name: 'folio_job_duration_seconds',
    help: 'Background job runs by kind and outcome',
    labelNames: ['kind', 'outcome'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const jobsRunning = new Gauge({
    name: 'folio_jobs_running',
    help: 'Jobs this instance is running',
    registers: [registry],
  });
  deps.jobs.observe({
    started: () => jobsRunning.inc(),
    finished: (job, outcome, seconds) => {
      jobsRunning.dec();
      jobRuns.observe({ kind: job.kind, outcome }, seconds);
    },
  });
  new Gauge({
    name: 'folio_job_queue_depth',
    help: 'Queued jobs by kind (all instances: they share the table), due or not',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await queryRows<{ kind: string; n: string | number }>(
        deps.database.db,
        sql`SELECT kind, count(*) AS n FROM jobs WHERE status = 'queued' GROUP BY kind`,
      );
      for (const r of rows) this.set({ kind: r.kind }, Number(r.n));
    },
  });

  const pool = deps.database.pool;
  if (pool) {
    new Gauge({
      name: 'folio_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and callers waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const s = pool();
        this.set({ state: 'total' }, s.total);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
      },
    });
  }
  return {
    contentType: registry.contentType,
    async scrape() {
      // event-loop delay (nodejs_eventloop_lag_*), memory, CPU and handles, from Node's own collectors;
      // started by the first scrape, so an instance nobody scrapes (a test's) runs no monitor
      if (!processMetrics) {
        collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
        processMetrics = true;
      }
      return registry.metrics();
    },
  };
}

/**
 * METRICS_ALLOW: addresses and CIDR ranges (IPv4 or IPv6) that may read /metrics. The client
 * address is the one TRUST_PROXY resolves, so a request relayed by a proxy on the same machine
 * counts as its real client, not as loopback.
 */
export function addressAllowList(entries: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/') as [string, string | undefined];
    const type = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (address) => {
    const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
    if (isIPv4(plain)) return list.check(plain, 'ipv4');
    return isIPv6(plain) && list.check(plain, 'ipv6');
  };
}
