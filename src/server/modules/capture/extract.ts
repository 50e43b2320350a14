import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { isHttpUrl } from '../../platform/stored-html.ts';
import { sanitizeReaderHtml } from './sanitize.ts';

/** What the add-bookmark form fills in from a page (spec part 1 §4). */
export interface PageMeta {
  title: string;
  description: string;
  /** og:image, absolute http(s) */
  image: string | null;
  /** the site's icon: its <link rel="icon">, else /favicon.ico; absolute http(s) */
  icon: string | null;
}

/** What a capture stores. */
export interface Article {
  title: string;
  /** sanitised reader HTML */
  html: string;
  /** plain text for full-text search, paragraphs on their own lines */
  text: string;
  leadImageUrl: string | null;
  iconUrl: string | null;
}

export const TITLE_LIMIT = 1000;
const DESCRIPTION_LIMIT = 2000;
/** stored page text; longer pages keep their first million characters */
export const TEXT_LIMIT = 1_000_000;

const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

type Doc = ReturnType<typeof parseHTML>['document'];

function parse(html: string, url: string): Doc {
  const { document } = parseHTML(html);
  // Relative links resolve against the page's own <base> (itself relative to the URL) or the URL:
  // Readability reads document.baseURI, which linkedom takes from <base href>.
  const existing = document.querySelector('base[href]');
  let base = url;
  try {
    base = new URL(existing?.getAttribute('href') ?? '', url).toString();
  } catch {
    // a broken <base>: keep the page URL
  }
  existing?.remove();
  const el = document.createElement('base');
  el.setAttribute('href', base);
  (document.head ?? document.documentElement)?.prepend(el);
  return document;
}

function metaContent(doc: Doc, selectors: string[]): string {
  for (const selector of selectors) {
    const value = squash(doc.querySelector(selector)?.getAttribute('content'));
    if (value) return value;
  }
  return '';
}

/**
 * The content of the first meta element naming one of `names` (lower case): in `name`, where Dublin
 * Core writes DC.title or dcterms.title in any case, or among the space-separated names of `property`
 * (RDFa: "og:title twitter:title").
 */
function metaNamed(doc: Doc, names: string[]): string {
  const metas = [...doc.querySelectorAll('meta[content]')];
  for (const wanted of names) {
    for (const meta of metas) {
      const name = (meta.getAttribute('name') ?? '').trim().toLowerCase();
      const properties = (meta.getAttribute('property') ?? '').toLowerCase().split(/\s+/);
      if (name !== wanted && !properties.includes(wanted)) continue;
      const value = squash(meta.getAttribute('content'));
      if (value) return value;
    }
  }
  return '';
}

// the schema.org types Readability takes for an article (its jsonLdArticleTypes)
const ARTICLE_TYPES = /Article|Posting|Report/;

/** The headline (or name) of the page's schema.org article in JSON-LD, as Readability reads it. */
function jsonLdTitle(doc: Doc): string {
  for (const script of doc.querySelectorAll('script[type="application/ld+json"]')) {
    try {
      let data = JSON.parse((script.textContent ?? '').replace(/^\s*<!\[CDATA\[|\]\]>\s*$/g, ''));
      const isArticle = (x: unknown) =>
        !!x &&
        typeof x === 'object' &&
        ARTICLE_TYPES.test(String((x as { '@type'?: unknown })['@type'] ?? ''));
      if (Array.isArray(data)) data = data.find(isArticle);
      if (data && !data['@type'] && Array.isArray(data['@graph'])) data = data['@graph'].find(isArticle);
      if (!isArticle(data)) continue;
      const title = typeof data.headline === 'string' ? data.headline : data.name;
      if (typeof title === 'string' && squash(title)) return squash(title);
    } catch {
      // not JSON: the next one, or the meta tags
    }
  }
  return '';
}

/** The page's own title from its metadata, in Readability's order, then its <title>. */
function metadataTitle(doc: Doc): string {
  return (
    jsonLdTitle(doc) ||
    metaNamed(doc, ['dc.title', 'dc:title', 'dcterms.title', 'dcterm:title', 'dcterms:title', 'og:title']) ||
    metaNamed(doc, ['title', 'twitter:title']) ||
    squash(doc.querySelector('title')?.textContent)
  );
}

/**
 * The title Readability gives the page (its JSON-LD, the meta tags it knows, else the document's title
 * without the site's name), found on a copy of only what it reads for the title, so that no article is
 * extracted: a megabyte page takes seconds of Readability, too long for the add-bookmark form.
 */
function readabilityTitle(doc: Doc): string {
  const head = [
    doc.querySelector('title'),
    ...doc.querySelectorAll('meta'),
    ...doc.querySelectorAll('script[type="application/ld+json"]'),
  ]
    .filter((el): el is NonNullable<typeof el> => !!el)
    .map((el) => el.outerHTML)
    .join('');
  const { document: copy } = parseHTML(`<!doctype html><html><head>${head}</head><body></body></html>`);
  // the headings it compares the title with, and a paragraph, so that it finds an article
  for (const heading of doc.querySelectorAll('h1, h2')) {
    const el = copy.createElement(heading.tagName.toLowerCase());
    el.textContent = heading.textContent ?? '';
    copy.body.append(el);
  }
  const p = copy.createElement('p');
  p.textContent = '.';
  copy.body.append(p);
  return squash(new Readability(copy as unknown as Document).parse()?.title);
}

function absolute(value: string, base: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base).toString();
    return isHttpUrl(url) && url.length <= 2000 ? url : null;
  } catch {
    return null;
  }
}

function readMeta(doc: Doc, url: string): PageMeta {
  const title = readabilityTitle(doc) || metadataTitle(doc);
  const description = metaContent(doc, [
    'meta[name="description"]',
    'meta[property="og:description"]',
    'meta[name="twitter:description"]',
  ]);
  const image = absolute(
    metaContent(doc, ['meta[property="og:image"]', 'meta[name="twitter:image"]']),
    doc.baseURI ?? url,
  );
  const linked = doc.querySelector('link[rel~="icon"][href]')?.getAttribute('href');
  const icon = absolute(linked || '/favicon.ico', doc.baseURI ?? url);
  return {
    title: title.slice(0, TITLE_LIMIT),
    description: description.slice(0, DESCRIPTION_LIMIT),
    image,
    icon,
  };
}

/** Title, description and picture of a page, for POST /fetch_meta. */
export function extractMeta(html: string, url: string): PageMeta {
  return readMeta(parse(html, url), url);
}

const BLOCK_END = /<\/(p|div|li|h[1-6]|tr|blockquote|pre|figcaption|dt|dd|section|article)>|<br\s*\/?>/gi;

/** Plain text of sanitised HTML, one block per line, so words of two paragraphs never run together. */
export function htmlToText(html: string): string {
  const { document } = parseHTML(
    `<!doctype html><html><body>${html.replace(BLOCK_END, '$&\n')}</body></html>`,
  );
  return (document.body?.textContent ?? '')
    .split('\n')
    .map((line: string) => squash(line))
    .filter(Boolean)
    .join('\n')
    .slice(0, TEXT_LIMIT);
}

/** The readable article of a page (Readability), or its whole body when Readability finds none. */
export function extractArticle(html: string, url: string): Article {
  const doc = parse(html, url);
  // metadata first: Readability rewrites the document as it works
  const meta = readMeta(doc, url);
  const body = doc.body?.innerHTML ?? '';
  const article = new Readability(doc as unknown as Document).parse();
  const clean = sanitizeReaderHtml(article?.content || body);
  const firstImage = clean.match(/<img[^>]*\ssrc="([^"]+)"/)?.[1]?.replace(/&amp;/g, '&') ?? null;
  return {
    // Readability's own title first (meta.title found the same before it rewrote the document)
    title: (squash(article?.title) || meta.title).slice(0, TITLE_LIMIT),
    html: clean,
    text: htmlToText(clean),
    leadImageUrl: meta.image ?? absolute(firstImage ?? '', url),
    iconUrl: meta.icon,
  };
}
