import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { saveBookmark, waitForCapture } from './helpers.ts';
import { signUp } from './seed.ts';

/**
 * Takes the README's picture (docs/screenshot.png): a library of pages with covers, from a local
 * site whose articles each carry an og:image. Runs only when asked:
 *   npm run build:web && SCREENSHOT=docs/screenshot.png E2E_PORT=3305 npx playwright test e2e/readme-screenshot.spec.ts
 */
test.skip(!process.env.SCREENSHOT, 'takes the README picture only when SCREENSHOT names the file');

const ARTICLES = [
  {
    slug: 'sourdough',
    title: 'A beginner’s guide to sourdough starters',
    tags: 'bread baking',
    colours: ['#f6d365', '#fda085'],
    description: 'Flour, water, patience: how wild yeast becomes a loaf.',
  },
  {
    slug: 'rust-ownership',
    title: 'Understanding ownership in Rust',
    tags: 'programming rust',
    colours: ['#a1c4fd', '#c2e9fb'],
    description: 'Borrowing, lifetimes and why the compiler is on your side.',
  },
  {
    slug: 'alpine-lakes',
    title: 'Five alpine lakes worth the climb',
    tags: 'travel hiking',
    colours: ['#84fab0', '#8fd3f4'],
    description: 'Trails, huts and the best hour for the light.',
  },
  {
    slug: 'typography',
    title: 'The elements of web typography',
    tags: 'design',
    colours: ['#fbc2eb', '#a6c1ee'],
    description: 'Measure, rhythm and a type scale that reads well on every screen.',
  },
  {
    slug: 'tomatoes',
    title: 'Growing tomatoes on a balcony',
    tags: 'garden',
    colours: ['#ff9a9e', '#fecfef'],
    description: 'Pots, sun and the feeding schedule that works.',
  },
];

async function cover(colours: string[], label: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colours[0]}"/><stop offset="1" stop-color="${colours[1]}"/></linearGradient></defs>
    <rect width="1200" height="630" fill="url(#g)"/>
    <text x="600" y="350" text-anchor="middle" font-family="sans-serif" font-size="72" font-weight="700" fill="rgba(0,0,0,0.5)">${label}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

let site: Server;
let origin = '';
test.beforeAll(async () => {
  const covers = new Map<string, Buffer>();
  for (const a of ARTICLES) covers.set(a.slug, await cover(a.colours, a.slug.replace('-', ' ')));
  const icon = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#4f5bd5' } })
    .png()
    .toBuffer();
  site = createServer((req, res) => {
    const path = req.url ?? '/';
    const article = ARTICLES.find((a) => path === `/${a.slug}`);
    if (article) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<!doctype html><html><head><title>${article.title}</title>
        <meta property="og:image" content="/covers/${article.slug}.jpg"><link rel="icon" href="/icon.png"></head>
        <body><article><h1>${article.title}</h1><p>${article.description}</p></article></body></html>`);
    }
    const picture = covers.get(path.replace(/^\/covers\/|\.jpg$/g, ''));
    if (picture) {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end(picture);
    }
    if (path === '/icon.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(icon);
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

test('the library with covers', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  await signUp(page, 'readwise42');
  for (const a of [...ARTICLES].reverse()) {
    const saved = await saveBookmark(page, {
      url: `${origin}/${a.slug}`,
      title: a.title,
      tags: a.tags,
      description: a.description,
    });
    await waitForCapture(page, saved.link_id);
  }
  await page.reload();
  const covers = page.locator('[data-cover="picture"] img');
  await expect(covers).toHaveCount(ARTICLES.length);
  await expect
    .poll(() => covers.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  await page.screenshot({ path: process.env.SCREENSHOT });
});
