/**
 * Destinations outside this app (spec: "not shown"). They live on the product's public site and
 * blog, configured per deployment through VITE_SITE_URL / VITE_BLOG_URL / VITE_TWITTER_URL / VITE_TEAM_URL at build
 * time; see docs/web-client.md.
 */
const env = import.meta.env as Record<string, string | undefined>;
const site = (env.VITE_SITE_URL ?? 'https://folio.example').replace(/\/+$/, '');

export const SITE_LINKS = {
  // the site's own pages, Markdown the operator edits (content/, CONTENT_DIR); a blog elsewhere may
  // still be named by VITE_BLOG_URL
  tools: '/tools',
  blog: env.VITE_BLOG_URL ?? '/blog',
  about: '/about',
  terms: '/terms',
  privacy: '/privacy',
  twitter: env.VITE_TWITTER_URL ?? 'https://twitter.com/folio',
  classic: `${site}/classic`,
  teacherConsole: `${site}/teacher/console`,
  educators: `${site}/education`,
  discover: `${site}/discover`,
  help: `${site}/help`,
  /** Business' Try for free (part 2 §2: the team host), VITE_TEAM_URL */
  team: env.VITE_TEAM_URL ?? `${site}/team`,
  /** spec part 2 §2 names this path */
  affiliate: '/affiliate/console',
} as const;
