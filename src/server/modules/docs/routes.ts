import type { FastifyInstance } from 'fastify';
import { OPERATIONS } from './catalogue.ts';
import { buildOpenApi } from './openapi.ts';

const tables = new WeakMap<FastifyInstance, string[]>();

/** Records every route added after this call as "METHOD /path" (HEAD twins left out). */
export function trackRoutes(app: FastifyInstance): void {
  const table: string[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push(`${method} ${route.url}`);
  });
}

export function trackedRoutes(app: FastifyInstance): string[] {
  return tables.get(app) ?? [];
}

export function registerDocsRoutes(app: FastifyInstance) {
  let document: ReturnType<typeof buildOpenApi> | undefined;
  app.get('/api/docs', async () => {
    document ??= buildOpenApi(OPERATIONS);
    return document;
  });
}
