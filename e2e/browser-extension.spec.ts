import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, expect, type Page, test, type Worker } from '@playwright/test';
import { apiPost, pageSite } from './helpers.ts';
import { appOrigin, signUpByApi, uniqueName } from './seed.ts';

/**
 * The browser extension in Chromium, loaded unpacked (--load-extension works headless): connect,
 * save a page as rendered, highlight the live page, and both ways of sync with the library.
 * One browser for the file, its tests in order: each goes on from where the last one left off.
 */
test.describe.configure({ mode: 'serial' });

const FIRST = 'Balcony gardens reward patience: the first tomatoes ripen in midsummer and the basil follows.';
const SECOND = 'Water the pots in the evening so the roots drink before the sun returns to the balcony.';
const THIRD = 'Prune the side shoots every week, or the plant gives leaves instead of fruit.';
let paragraphs = [FIRST, SECOND, THIRD];

// the article's text is written by a script once the page has loaded: only the rendered page has it
const site = pageSite(
  () => `<!doctype html><html><head><title>Balcony Garden Notes</title>
<meta name="description" content="Notes from a balcony"></head><body>
<main><article id="story"><h1>Balcony Garden Notes</h1></article></main>
<script>
for (const text of ${JSON.stringify(paragraphs)}) {
  const p = document.createElement('p');
  p.textContent = text;
  document.getElementById('story').append(p);
}
</script></body></html>`,
);

let context: BrowserContext;
let worker: Worker;
let extensionId = '';
let name = '';
let folio: Page;
let live: Page;
let linkId = 0;

test.beforeAll(async ({ browserName }, testInfo) => {
  test.skip(browserName !== 'chromium', 'a Chromium extension');
  const dist = mkdtempSync(path.join(tmpdir(), 'folio-extension-'));
  // what the user grants in the options ("Allow on all sites"): a headless browser cannot answer the prompt
  execFileSync('npx', ['tsx', 'scripts/build-extension.ts', '--out', dist, '--grant', '<all_urls>'], {
    stdio: 'inherit',
  });
  const use = testInfo.project.use;
  context = await chromium.launchPersistentContext('', {
    executablePath: use.launchOptions?.executablePath,
    headless: true,
    baseURL: use.baseURL,
    args: [
      ...(use.launchOptions?.args ?? []),
      `--disable-extensions-except=${dist}`,
      `--load-extension=${dist}`,
    ],
  });
  worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  extensionId = new URL(worker.url()).host;
  folio = await context.newPage();
  name = uniqueName('ext');
  await signUpByApi(folio, name);
});

test.afterAll(async () => {
  await context?.close();
});

/** The id of the tab showing `url` (the service worker's view of it). */
const tabIdOf = (url: string) =>
  worker.evaluate(async (u) => (await chrome.tabs.query({})).find((t) => t.url?.startsWith(u))?.id ?? 0, url);

/** Selects a phrase on the live page as a drag would, ending with the mouse released. */
async function select(page: Page, phrase: string) {
  await page.evaluate((text) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
      const at = n.data.indexOf(text);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + text.length);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      n.parentElement!.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
      return;
    }
    throw new Error(`"${text}" is not on the page`);
  }, phrase);
}

/** What the extension's service worker exposes (extension/src/background.ts). */
type WithFolio = {
  folio: { saveTab(tabId: number): Promise<{ link_id: number; title: string }>; status(): Promise<object> };
};

const marks = (page: Page) => page.locator('[data-folio-annotation-id]');

test("connects with the options' Connect: approved in Folio, the token handed to the extension", async () => {
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await options.getByLabel('Folio address').fill(appOrigin());
  const [approval] = await Promise.all([
    context.waitForEvent('page'),
    options.getByRole('button', { name: 'Connect', exact: true }).click(),
  ]);
  await expect(approval).toHaveURL(/\/extension\/connect\?state=/);
  await approval.getByRole('button', { name: 'Approve' }).click();
  await expect(approval.getByRole('status')).toHaveText(
    `The extension is connected as ${name}. You can close this tab.`,
  );
  // the token was handed over, never shown
  await expect(approval.locator('code')).toHaveCount(0);
  await expect(options.getByRole('status')).toHaveText(`Connected to ${appOrigin()} as ${name}.`);
  // the background listens to Folio's live socket with its token
  await expect
    .poll(() => worker.evaluate(() => (globalThis as unknown as WithFolio).folio.status()))
    .toMatchObject({ live: true });
  await approval.close();
  await options.close();
});

test('connects with a personal token pasted in the options', async () => {
  const { token } = await apiPost(folio, '/api/tokens', { name: 'Browser extension', scope: 'write' });
  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await options.getByLabel('Folio address').fill(appOrigin());
  await options.getByLabel('Access token').fill(token);
  await options.getByRole('button', { name: 'Use this token' }).click();
  await expect(options.getByRole('status')).toHaveText(`Connected to ${appOrigin()} as ${name}.`);
  expect(await worker.evaluate(() => (globalThis as unknown as WithFolio).folio.status())).toMatchObject({
    connected: true,
    userName: name,
  });
  await options.close();
  // Folio's own pages know the extension is there (the Install extension bar then stays away)
  await folio.goto(`/user/${name}`);
  await expect(folio.locator('html[data-folio-extension]')).toHaveCount(1);
});

test("saves the page as rendered: the script's text is in Folio's reader", async () => {
  live = await context.newPage();
  await live.goto(site.url);
  await expect(live.getByText(FIRST)).toBeVisible();
  const saved = await worker.evaluate(
    (id) => (globalThis as unknown as WithFolio).folio.saveTab(id),
    await tabIdOf(site.url),
  );
  linkId = saved.link_id;
  expect(saved.title).toBe('Balcony Garden Notes');
  await folio.goto(`/user/${name}/b/${linkId}`);
  await expect(folio.getByRole('article', { name: 'Page text' })).toContainText(SECOND, { timeout: 60_000 });
  // the visible area's screenshot is the item's thumbnail
  const item = (await (await folio.request.get(`/interact_api/load_user_item?link_id=${linkId}`)).json())
    .items[0];
  expect(item.thumbnail_url).toMatch(/^\/api\/files\/pages\/\d+\/[\w-]+\.jpg$/);
});

test('highlights two passages on the live page; a reload draws them again', async () => {
  await live.bringToFront();
  await select(live, 'the first tomatoes ripen');
  await live.getByRole('button', { name: 'Highlight yellow' }).click();
  await expect(marks(live)).toHaveText(['the first tomatoes ripen']);
  await select(live, 'roots drink before the sun');
  await live.getByRole('button', { name: 'Highlight blue' }).click();
  await expect(marks(live)).toHaveText(['the first tomatoes ripen', 'roots drink before the sun']);

  await live.reload();
  await expect(marks(live)).toHaveText(['the first tomatoes ripen', 'roots drink before the sun']);
  const ids = await marks(live).evaluateAll((els) =>
    els.map((e) => e.getAttribute('data-folio-annotation-id')),
  );
  expect(new Set(ids).size).toBe(2);
});

test('on a changed page one highlight is found again and the other listed as orphaned', async () => {
  // the first passage gains words around it; the second is gone
  paragraphs = [`A new opening line. ${FIRST.replace('midsummer', 'early July')}`, THIRD];
  await live.reload();
  await expect(marks(live)).toHaveText(['the first tomatoes ripen']);
  const panel = await context.newPage();
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tab=${await tabIdOf(site.url)}`);
  await expect(panel.getByRole('list', { name: 'Not found on this page' })).toContainText(
    'roots drink before the sun',
  );
  await expect(panel.getByRole('list', { name: 'Highlights' })).toContainText('the first tomatoes ripen');
  await panel.close();
});

test('Folio shows the same highlights, and one deleted there leaves the live page', async () => {
  await folio.bringToFront();
  await folio.goto(`/user/${name}/b/${linkId}`);
  const article = folio.getByRole('article', { name: 'Page text' });
  await expect(article.locator('mark', { hasText: 'the first tomatoes ripen' }).first()).toBeVisible();
  await expect(article.locator('mark', { hasText: 'roots drink before the sun' }).first()).toBeVisible();

  await article.locator('mark', { hasText: 'the first tomatoes ripen' }).first().click();
  await folio.getByRole('button', { name: 'Delete highlight' }).click();
  await expect(folio.getByText('Delete annotation done')).toBeVisible();
  // the live page hears of it without being reloaded
  await expect(marks(live)).toHaveCount(0);
});

test("the library's Take screenshot has the extension open the page and save it with a new screenshot", async () => {
  const thumbnail = async () =>
    (await (await folio.request.get(`/interact_api/load_user_item?link_id=${linkId}`)).json()).items[0]
      .thumbnail_url;
  const before = await thumbnail();
  await folio.goto(`/user/${name}`);
  await folio.getByRole('button', { name: 'Actions for Balcony Garden Notes' }).click();
  const [opened] = await Promise.all([
    context.waitForEvent('page'),
    folio.getByRole('menuitem', { name: 'Take screenshot' }).click(),
  ]);
  await expect(opened).toHaveURL(site.url);
  await expect.poll(thumbnail, { timeout: 60_000 }).not.toBe(before);
  await opened.close();
});
