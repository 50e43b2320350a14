/**
 * Lighthouse on the phone (issue 32): accessibility, best practices and the layout shift (CLS) of the
 * main screens as a phone sees them (Lighthouse's mobile emulation: a 412 px wide Moto G Power, touch,
 * a slow 4G link and a 4x slower processor), against a local server with a signed-in user whose
 * library holds one saved page with a highlight.
 *
 *   npm run build:web && CHROME_PATH=/usr/bin/chromium npx tsx bench/lighthouse.ts [--port 3663]
 *
 * The server runs from src/server/main.ts on PGlite in a temporary directory (WEB_DIR, else dist/web).
 * Figures: docs/benchmarks.md, "Lighthouse on the phone".
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's own driver (its dependency): sets the session cookie in the browser, so the service
// worker's requests carry it too (Lighthouse's extraHeaders reach only the page's own requests)
import puppeteer from 'puppeteer-core';
import { parseArgs, signUp, sleep, startServer, tempDir } from './lib.ts';

const args = parseArgs();
const PORT = Number(args.get('port') ?? 3663);
const USER = 'lighthouse1';

const ARTICLE = `<!doctype html><html lang="en"><head><title>Rivers of the north</title></head><body><article>
<h1>Rivers of the north</h1>
${Array.from(
  { length: 12 },
  (_, i) =>
    `<p>Paragraph ${i + 1}: the river bends past the old mill where the water runs slow and deep, and anglers wait for the evening rise along the reeds.</p>`,
).join('\n')}
</article></body></html>`;

interface Row {
  screen: string;
  accessibility: number;
  bestPractices: number;
  cls: number;
  failing: string[];
}

async function main() {
  const site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(ARTICLE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/rivers`;
  const server = await startServer({
    port: PORT,
    dataDir: tempDir('folio-lighthouse-'),
    env: { FETCH_ALLOW_PRIVATE: '1', JOBS_POLL_MS: '200', RATE_LIMIT_FACTOR: '1000' },
  });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const cookie = await signUp(server.base, USER, 'secret123');
    const headers = { cookie, origin: server.base, 'content-type': 'application/json' };
    const saved = await fetch(`${server.base}/item/save/bookmark`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url: siteUrl, title: 'Rivers of the north', unread: true }),
    });
    const linkId = ((await saved.json()) as { items: { link_id: number }[] }).items[0]!.link_id;
    for (let tries = 0; ; tries++) {
      const reader = await fetch(`${server.base}/api/items/reader?link_id=${linkId}`, {
        headers: { cookie },
      });
      if (((await reader.json()) as { status: string }).status === 'done') break;
      if (tries > 100) throw new Error('the page was not captured');
      await sleep(200);
    }
    const exact = 'the river bends past the old mill where the water runs slow and deep';
    await fetch(`${server.base}/annotation_mana/add_annotation`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        link_id: linkId,
        shape: 0,
        content: exact,
        selector: JSON.stringify([{ type: 'TextQuoteSelector', exact }]),
      }),
    });

    const screens: [string, string, boolean][] = [
      ['sign-in', '/sign-in', false],
      ['library', `/user/${USER}`, true],
      ['reader', `/user/${USER}/b/${linkId}`, true],
      ['settings', '/setting', true],
      ['pricing', '/premium', true],
    ];
    const rows: Row[] = [];
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const [name, value] = cookie.split('=') as [string, string];
    for (const [screen, path, signedIn] of screens) {
      const page = await browser.newPage();
      // the signed-out screens first: once set, the session cookie stays for the rest
      if (signedIn) await browser.setCookie({ name, value, domain: '127.0.0.1', path: '/', httpOnly: true });
      const result = await lighthouse(
        `${server.base}${path}`,
        {
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['accessibility', 'best-practices', 'performance'],
        },
        undefined,
        page,
      );
      await page.close();
      const lhr = result!.lhr;
      const failing = Object.values(lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id);
      const consoleErrors = (
        lhr.audits['errors-in-console']?.details as { items?: { description?: string; url?: string }[] }
      )?.items;
      for (const error of consoleErrors ?? []) console.error(`${screen}: ${JSON.stringify(error)}`);
      rows.push({
        screen,
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
        cls: Number(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN),
        failing,
      });
    }
    console.log('| screen | accessibility | best practices | CLS | failing audits |');
    console.log('|---|---|---|---|---|');
    for (const row of rows) {
      console.log(
        `| ${row.screen} | ${row.accessibility} | ${row.bestPractices} | ${row.cls.toFixed(3)} | ${row.failing.join(', ') || '-'} |`,
      );
    }
  } finally {
    await chrome.kill();
    await server.stop();
    site.close();
  }
}

await main();
