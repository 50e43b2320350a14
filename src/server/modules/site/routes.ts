import type { FastifyInstance } from 'fastify';
import { sitePageParamsSchema, sitePageReplySchema } from '../../../shared/schemas/site.ts';
import { contract } from '../../platform/contract.ts';
import { loadSitePage } from './pages.ts';

/** GET /api/site/{page}: About, Terms, Privacy, Blog and Tools, from the operator's Markdown. */
export function registerSiteRoutes(app: FastifyInstance, deps: { contentDir: string | undefined }) {
  contract(app).get(
    '/api/site/:page',
    {
      schema: {
        summary: "One of the site's own pages (about, terms, privacy, blog, tools) as sanitised HTML",
        public: true,
        params: sitePageParamsSchema,
        response: { 200: sitePageReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return loadSitePage(request.params.page, deps.contentDir);
    },
  );
}
