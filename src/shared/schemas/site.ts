import { z } from 'zod';

/** The site's own pages, written in Markdown by the operator (content/ by default, CONTENT_DIR to override). */
export const SITE_PAGES = ['about', 'terms', 'privacy', 'blog', 'tools'] as const;
export type SitePage = (typeof SITE_PAGES)[number];

export const sitePageParamsSchema = z.object({ page: z.enum(SITE_PAGES, { error: 'No such page' }) });

export const sitePageReplySchema = z.object({
  page: z.enum(SITE_PAGES),
  /** the first level-one heading of the Markdown */
  title: z.string(),
  /** the page rendered and sanitised on the server */
  html: z.string(),
});
export type SitePageReply = z.infer<typeof sitePageReplySchema>;
