import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

/**
 * The request a piece of work runs for, without passing it through every service: the job queue
 * stores its id with each job queued during the request, so the job's logs name the request.
 */
const requestContext = new AsyncLocalStorage<{ requestId: string }>();

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** Runs the rest of each request (its hooks and handler) inside its context. */
export function registerRequestContext(app: FastifyInstance): void {
  // callback style: `done` continues the request, so everything after it runs inside `run`
  app.addHook('onRequest', (request, _reply, done) => {
    requestContext.run({ requestId: String(request.id) }, done);
  });
}

/** Up to 100 printable characters from X-Request-Id; a fresh id otherwise (a header is untrusted). */
export function requestIdFrom(header: string | string[] | undefined, fresh: () => string): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\x21-\x7e]{1,100}$/.test(value) ? value : fresh();
}
