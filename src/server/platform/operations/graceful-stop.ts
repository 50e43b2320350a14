import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { EventBus } from '../event-bus.ts';
import type { JobQueue } from '../jobs.ts';
import type { Lifecycle } from './readiness.ts';

export interface StopReport {
  /** jobs still running at the limit, queued again for another instance */
  jobsHandedBack: number;
  /** requests were still in flight at the limit (their connections were cut) */
  requestsCut: boolean;
}

/**
 * The graceful stop (SIGTERM, SIGINT): /readyz says 503 at once, the listening socket closes (a
 * proxy's new connection is refused and goes to another instance), requests in flight and the job
 * batch in hand finish within `timeoutMs`; past it the jobs are handed back and the remaining
 * connections cut. Then the bus and the database close.
 */
export async function gracefulStop(deps: {
  app: FastifyInstance;
  lifecycle: Lifecycle;
  jobs: JobQueue;
  bus?: EventBus;
  database: Database;
  timeoutMs: number;
}): Promise<StopReport> {
  const { app, lifecycle, jobs } = deps;
  lifecycle.beginStop();
  const deadline = Date.now() + deps.timeoutMs;
  const left = () => Math.max(0, deadline - Date.now());

  let requestsCut = false;
  // Node's close also drops "idle" connections, among them one just accepted whose request is not
  // read yet: a proxy would see that request reset, not refused, and could not safely send it
  // elsewhere. They are left to be answered; keep-alive ones end at the server's keepAliveTimeout,
  // and whatever is left at the limit is cut.
  app.server.closeIdleConnections = () => {};
  // app.close() stops the listener, closes idle keep-alive connections and waits for the rest
  const closing = app.close();
  const [jobsHandedBack] = await Promise.all([
    jobs.stop(left()),
    withLimit(closing, left()).then((inTime) => {
      if (!inTime) {
        requestsCut = true;
        app.server.closeAllConnections();
      }
    }),
  ]);
  await withLimit(closing, 1_000);
  await deps.bus?.close();
  await deps.database.close();
  return { jobsHandedBack, requestsCut };
}

/** True when `p` settled within `ms`. */
async function withLimit(p: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const result = await Promise.race([p.then(() => true as const), late]);
  clearTimeout(timer);
  return result;
}
