import { sitePageParamsSchema, sitePageReplySchema } from '../schemas/site.ts';
import { defineCall } from './define.ts';

export const siteCalls = {
  page: defineCall({
    method: 'GET',
    path: '/api/site/:page',
    summary: "One of the site's own pages (about, terms, privacy, blog, tools) as sanitised HTML",
    caller: 'visitor',
    params: sitePageParamsSchema,
    reply: sitePageReplySchema,
  }),
};
