import type { FastifyInstance, FastifySchema } from 'fastify';
import { docsCalls } from '../../../shared/api/docs.ts';
import { allCalls } from '../../../shared/api/index.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder, schemaOf } from '../../platform/contract.ts';
import { buildOpenApi, type DeclaredRoute } from './openapi.ts';

const tables = new WeakMap<FastifyInstance, DeclaredRoute[]>();

/** Records every route added after this call with its declared schema (HEAD twins left out). */
export function trackRoutes(app: FastifyInstance): void {
  const table: DeclaredRoute[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        table.push({ method, url: route.url, schema: route.schema as FastifySchema | undefined });
    }
  });
}

/** Every route the app answers, as declared ("the calls" are those that are not static files). */
export function trackedRoutes(app: FastifyInstance): DeclaredRoute[] {
  return tables.get(app) ?? [];
}

/** The OpenAPI document of every call definition (docs.test.ts: exactly the calls the app answers). */
export function registerDocsRoutes(app: FastifyInstance, deps: { auth: Auth }) {
  let document: ReturnType<typeof buildOpenApi> | undefined;
  binder(app, deps.auth)(docsCalls.document, async () => {
    document ??= buildOpenApi(
      allCalls.map((call) => ({ method: call.method, url: call.path, schema: schemaOf(call) })),
    );
    return document;
  });
}
