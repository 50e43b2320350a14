import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { extractArticle, extractMeta } from './extract.ts';

/**
 * Page titles as Readability finds them (issue 27): its article title (JSON-LD, then the meta tags it
 * knows, then the document's title without the site's name), then the page's other metadata. The
 * add-bookmark form (fetch_meta) and the capture agree.
 */
const PAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../test/fixtures/pages');
const page = (name: string) => readFileSync(path.join(PAGES, name), 'utf8');
const URL = 'https://site.example/a/page';

describe('the title of a page', () => {
  it.each([
    // <meta property="og:title twitter:title">: RDFa's list of names
    ['titles/property-list.html', 'Storm closes every ferry route across the bay until Friday'],
    // a repository's DC.title, where <title> names the record
    ['titles/dublin-core.html', 'Soil moisture under mixed hedgerows: a three-year field study'],
    // no <title>: the dcterms.title of the metadata
    ['titles/dcterms-untitled.html', 'Annual report of the county water board, 2023'],
    // og:title holds the site's name; the article's JSON-LD headline is the title
    ['titles/jsonld-headline.html', 'How to keep a sourdough starter alive through a summer holiday'],
    ['article.html', 'Growing Tomatoes on a Balcony'],
  ])('%s is %j in the form and in the capture', (file, title) => {
    const html = page(file);
    expect(extractMeta(html, URL).title).toBe(title);
    expect(extractArticle(html, URL).title).toBe(title);
  });

  it.each([
    ['<meta name="dc.title" content="Lower case">', 'Lower case'],
    ['<meta name="DCTERMS.title" content="Terms">', 'Terms'],
    ['<meta property="twitter:title og:title" content="Listed second">', 'Listed second'],
    [
      '<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"From JSON-LD"}</script><meta property="og:title" content="Card">',
      'From JSON-LD',
    ],
  ])('without an article, the metadata %s gives %j', (head, title) => {
    // an empty body: Readability finds no article, so the metadata decides
    const html = `<!doctype html><html><head>${head}</head><body></body></html>`;
    expect(extractMeta(html, URL).title).toBe(title);
    expect(extractArticle(html, URL).title).toBe(title);
  });
});
