import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import type { SitePage, SitePageReply } from '../../../shared/schemas/site.ts';

/** The defaults shipped with the app; an operator's CONTENT_DIR holds replacements, file by file. */
export const DEFAULT_CONTENT_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../content',
);

const TITLES: Record<SitePage, string> = {
  about: 'About',
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  blog: 'Blog',
  tools: 'Tools',
};

const marked = new Marked({ gfm: true, async: false });

/*
 * The operator writes these files, but a page is still HTML on the app's own origin: raw HTML in the
 * Markdown is cut down to text formatting, links keep http(s), mailto or same-site addresses and
 * pictures http(s) ones.
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['h1', 'h2', 'h3', 'h4', 'p', 'br', 'hr', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code'],
    ...['em', 'strong', 'del', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https', 'http'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^(https?:|mailto:)/i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external ? { ...attribs, rel: 'noopener noreferrer', target: '_blank' } : attribs,
      };
    },
  },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
};

/** Markdown to safe HTML and its title (the first level-one heading, else the page's usual name). */
export function renderSitePage(page: SitePage, markdown: string): SitePageReply {
  const html = sanitizeHtml(marked.parse(markdown) as string, SANITIZE);
  const heading = /^#\s+(.+?)\s*#*\s*$/m.exec(markdown)?.[1];
  const title = heading ? sanitizeHtml(heading, { allowedTags: [], allowedAttributes: {} }).trim() : '';
  return { page, title: title || TITLES[page], html };
}

/** Reads the operator's file when there is one, else the default; read on each request so edits show at once. */
export async function loadSitePage(page: SitePage, contentDir: string | undefined): Promise<SitePageReply> {
  for (const dir of contentDir ? [contentDir, DEFAULT_CONTENT_DIR] : [DEFAULT_CONTENT_DIR]) {
    try {
      return renderSitePage(page, await readFile(path.join(dir, `${page}.md`), 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  return renderSitePage(page, `# ${TITLES[page]}\n\nThis page has not been written yet.\n`);
}
