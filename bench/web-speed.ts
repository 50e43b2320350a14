/**
 * The web app's first load in Chromium (/usr/bin/chromium): the JavaScript the library and sign-in
 * routes download (as built, gzipped and brotli-compressed), the library's Largest
 * Contentful Paint with 96 items beside a static page's in the same run, and the main thread's blocking
 * time (sum of long tasks past 50 ms) until the page settles. Each measure is the median of --runs
 * (5) fresh browser contexts (empty cache). The library is measured twice: as a new visitor sees it, where
 * the install-extension bar (spec part 1 §2: after 1 s on desktop Chrome) is the largest paint, and
 * with the bar dismissed (its cookie set), where the rows and the header are.
 *
 *   npm run build:web && npx tsx bench/web-speed.ts [--runs 5] [--port 3404]
 *
 * The server runs from src/server/main.ts on PGlite in a temporary directory (WEB_DIR, else dist/web);
 * background jobs are held back so no page capture runs while measuring.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Browser, chromium, type Page } from '@playwright/test';
import { parseArgs, ROOT, signUp, startServer, tempDir } from './lib.ts';

const args = parseArgs();
const RUNS = Number(args.get('runs') ?? 5);
const PORT = Number(args.get('port') ?? 3404);
const WEB_DIR = path.resolve(process.env.WEB_DIR ?? path.join(ROOT, 'dist/web'));
const ITEMS = 96;
const USER = 'speeduser1';

interface Load {
  lcp: number;
  /** the LCP element: tag, first class and text */
  element: string;
  blocking: number;
  scripts: string[];
}

/** Installed before any page script: collects LCP candidates and long tasks from the start. */
const OBSERVERS = `
  window.__speed = { lcp: 0, element: '', blocking: 0 };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__speed.lcp = e.renderTime || e.loadTime || e.startTime;
      const el = e.element;
      window.__speed.element = el ? el.tagName.toLowerCase() + ' "' + (el.textContent || '').trim().slice(0, 30) + '"' : '';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__speed.blocking += Math.max(0, e.duration - 50);
  }).observe({ type: 'longtask', buffered: true });
`;

async function measure(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<void>,
  cookie?: string,
  extraCookies: Record<string, string> = {},
) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (cookie) {
    const [name, value] = cookie.split('=') as [string, string];
    const site = `${new URL(url).origin}/`;
    await context.addCookies([
      { name, value, url: site },
      { name: 'count', value: String(ITEMS), url: site },
      ...Object.entries(extraCookies).map(([n, v]) => ({ name: n, value: v, url: site })),
    ]);
  }
  const page = await context.newPage();
  await page.addInitScript(OBSERVERS);
  await page.goto(url, { waitUntil: 'load' });
  await ready(page);
  await page.waitForLoadState('networkidle');
  const result = await page.evaluate(() => {
    const speed = (window as unknown as { __speed: { lcp: number; element: string; blocking: number } })
      .__speed;
    const scripts = performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => /\.m?js$/.test(p));
    return { lcp: speed.lcp, element: speed.element, blocking: speed.blocking, scripts };
  });
  await context.close();
  return result satisfies Load;
}

/** The sizes of the scripts a page loaded: as built, gzip -9 and brotli 11 (what the build writes). */
function sizes(scripts: string[]) {
  const total = { raw: 0, gzip: 0, br: 0 };
  for (const script of new Set(scripts)) {
    const body = readFileSync(path.join(WEB_DIR, script));
    total.raw += body.length;
    total.gzip += gzipSync(body, { level: 9 }).length;
    total.br += brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return total;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The same 96 titles as plain HTML: what a page costs with no script at all. */
function staticPage(titles: string[]): string {
  const rows = titles.map((t) => `<li><a href="#">${t}</a><p>example.com · tagged bench</p></li>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Static</title></head><body><h1>Library</h1><ul>${rows}</ul></body></html>`;
}

async function main() {
  if (!existsSync(path.join(WEB_DIR, 'index.html')))
    throw new Error(`no build in ${WEB_DIR}: npm run build:web`);
  const server = await startServer({
    port: PORT,
    dataDir: tempDir('folio-web-speed-'),
    env: { WEB_DIR, RATE_LIMIT_FACTOR: '1000', JOBS_POLL_MS: '600000' },
  });
  const titles = Array.from(
    { length: ITEMS },
    (_, i) => `Saved page number ${i + 1} about reading on the web`,
  );
  const statics = createServer((_req, res) => res.end(staticPage(titles)));
  await new Promise<void>((resolve) => statics.listen(0, '127.0.0.1', resolve));
  const staticUrl = `http://127.0.0.1:${(statics.address() as { port: number }).port}/`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const cookie = await signUp(server.base, USER, 'secret123');
    for (const [i, title] of titles.entries()) {
      const res = await fetch(`${server.base}/item/save/bookmark`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.base, cookie },
        body: JSON.stringify({ url: `https://example.com/page-${i + 1}`, title, tags: 'bench' }),
      });
      if (!res.ok) throw new Error(`save failed: ${res.status} ${await res.text()}`);
    }

    const load = () =>
      loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
    const loadBefore = load();
    const library: Load[] = [];
    const libraryNoBar: Load[] = [];
    const signIn: Load[] = [];
    const plain: Load[] = [];
    for (let run = 0; run < RUNS; run++) {
      plain.push(
        await measure(
          browser,
          staticUrl,
          async (page) =>
            void (await page
              .locator('li')
              .nth(ITEMS - 1)
              .waitFor()),
        ),
      );
      library.push(
        await measure(
          browser,
          `${server.base}/user/${USER}`,
          async (page) => void (await page.getByText(titles[ITEMS - 1]!, { exact: true }).waitFor()),
          cookie,
        ),
      );
      libraryNoBar.push(
        await measure(
          browser,
          `${server.base}/user/${USER}`,
          async (page) => void (await page.getByText(titles[ITEMS - 1]!, { exact: true }).waitFor()),
          cookie,
          { hide_extension_bar: '1' },
        ),
      );
      signIn.push(
        await measure(browser, `${server.base}/sign-in`, async (page) => {
          await page.getByLabel('Password').waitFor();
        }),
      );
    }

    const report = (name: string, loads: Load[]) => {
      const js = sizes(loads[0]!.scripts);
      const lcp = median(loads.map((l) => l.lcp));
      const blocking = median(loads.map((l) => l.blocking));
      const elements = [...new Set(loads.map((l) => l.element))].join(', ');
      console.log(
        `| ${name} | ${loads[0]!.scripts.length} | ${kb(js.raw)} | ${kb(js.gzip)} | ${kb(js.br)} | ${lcp.toFixed(0)} ms | ${blocking.toFixed(0)} ms | ${elements} |`,
      );
      return lcp;
    };
    console.log(
      `median of ${RUNS} fresh contexts; JS = the scripts the page loaded until the network was idle; load average ${loadBefore} before, ${load()} after\n`,
    );
    console.log(
      '| page | scripts | JS | JS gzip | JS brotli | LCP | blocking (long tasks past 50 ms) | LCP element |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    const staticLcp = report('static HTML, 96 titles', plain);
    const libraryLcp = report(`library, ${ITEMS} items`, library);
    const noBarLcp = report(`library, ${ITEMS} items, extension bar dismissed`, libraryNoBar);
    report('sign-in', signIn);
    console.log(`\nlibrary LCP / static LCP: ${(libraryLcp / staticLcp).toFixed(2)}`);
    console.log(`library (bar dismissed) LCP / static LCP: ${(noBarLcp / staticLcp).toFixed(2)}`);
    console.log(`library scripts: ${library[0]!.scripts.join(' ')}`);
    console.log(`sign-in scripts: ${signIn[0]!.scripts.join(' ')}`);
  } finally {
    await browser.close();
    statics.close();
    await server.stop();
  }
}

await main();
