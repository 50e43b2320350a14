import type { FastifyInstance } from 'fastify';
import { siteCalls } from '../../../shared/api/site.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import { loadSitePage } from './pages.ts';

/** GET /api/site/{page}: About, Terms, Privacy, Blog and Tools, from the operator's Markdown. */
export function registerSiteRoutes(
  app: FastifyInstance,
  deps: { contentDir: string | undefined; auth: Auth },
) {
  binder(app, deps.auth)(siteCalls.page, async ({ params, reply }) => {
    reply.header('cache-control', 'no-cache');
    return loadSitePage(params.page, deps.contentDir);
  });
}
