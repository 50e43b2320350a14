import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { apiPost, waitForCapture } from './helpers.ts';
import { appOrigin, signUpByApi, uniqueName } from './seed.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'test', 'fixtures');
const PHOTO = readFileSync(path.join(FIXTURES, 'uploads', 'photo.jpg'));

// Pages come from a real HTTP server on 127.0.0.1 (the app runs with FETCH_ALLOW_PRIVATE=1 for this).
const PARAGRAPH =
  'A sourdough starter is a small ecosystem of yeast and bacteria living in flour and water. ' +
  'Fed every day, it rises and falls like a tide, and its smell moves from sharp to sweet.';
const CODE_LINE = `const schedule = ${JSON.stringify(Array.from({ length: 12 }, (_, i) => `feed-${i}`))};`;
const codePage = `<!doctype html><html><head><title>Keeping a Sourdough Starter</title></head><body>
<main><article><h1>Keeping a Sourdough Starter</h1>
<p>${PARAGRAPH}</p>
<p><img src="/pictures/jar.jpg" alt="A jar of bubbling starter" width="1200" height="800"></p>
<pre><code>${CODE_LINE}\n${CODE_LINE}</code></pre>
${Array.from({ length: 30 }, (_, i) => `<p>Day ${i + 1}. ${PARAGRAPH}</p>`).join('\n')}
</article></main></body></html>`;

let site: Server;
let siteUrl = '';
test.beforeAll(async () => {
  site = createServer((req, res) => {
    if (req.url === '/pictures/jar.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      return res.end(PHOTO);
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(codePage);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

/** Saves the test page (a new address each time, so each save is its own item) and waits for its copy. */
async function saveStarter(page: Page, tags = ''): Promise<number> {
  const reply = await apiPost(page, '/item/save/bookmark', {
    url: `${siteUrl}/starter-${Math.random().toString(36).slice(2)}.html`,
    title: 'Keeping a Sourdough Starter',
    tags,
    private: false,
  });
  const linkId = reply.items[0].link_id as number;
  await waitForCapture(page, linkId);
  return linkId;
}

async function uploadPdf(page: Page, file: string, tags = ''): Promise<number> {
  const origin = appOrigin();
  const res = await page.request.post('/item/save/pdf', {
    headers: { origin },
    multipart: {
      qqfile: {
        name: file,
        mimeType: 'application/pdf',
        buffer: readFileSync(path.join(FIXTURES, 'uploads', file)),
      },
      tags,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).items[0].link_id;
}

/** How many pixels of a screenshot of the box are dark (text strokes); an opaque bar has none. */
async function darkPixels(page: Page, box: { x: number; y: number; width: number; height: number }) {
  const shot = await page.screenshot({ clip: box });
  const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    const luma = 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
    if (luma < 110) dark += 1;
  }
  return dark;
}

/** Every control of a locator lies inside the viewport's width. */
async function insideViewport(page: Page, control: Locator) {
  const box = (await control.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

test('the Library link of every item view goes back to the list the item was opened from', async ({
  page,
}) => {
  const name = uniqueName('backlist');
  await signUpByApi(page, name);
  await saveStarter(page, 'bread');
  await uploadPdf(page, 'field-guide.pdf', 'bread');

  // a bookmark opened from a searched list
  await page.goto(`/user/${name}?filter=bookmark&query=%23bread&sort=title`);
  await page
    .getByRole('region', { name: 'Items' })
    .getByRole('link', { name: 'Keeping a Sourdough Starter' })
    .click();
  await expect(page.getByRole('article', { name: 'Page text' })).toContainText('sourdough');
  await page.getByRole('navigation', { name: 'Reader' }).getByRole('link', { name: 'Library' }).click();
  await expect(page).toHaveURL(`/user/${name}?filter=bookmark&query=%23bread&sort=title`);

  // a PDF opened from the PDFs list
  await page.goto(`/user/${name}?filter=pdf&query=%23bread`);
  await page.getByRole('region', { name: 'Items' }).getByRole('link', { name: 'field-guide.pdf' }).click();
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('link', { name: 'Back to the library' }).click();
  await expect(page).toHaveURL(`/user/${name}?filter=pdf&query=%23bread`);
});

test('PDF highlights let their text show through, in both themes and after a reload', async ({ page }) => {
  const name = uniqueName('pdfmark');
  await signUpByApi(page, name);
  const linkId = await uploadPdf(page, 'field-guide.pdf');
  await page.goto(`/user/${name}/b/${linkId}`);
  const page1 = page.getByRole('region', { name: 'Page 1' });
  await expect(page1).toHaveAttribute('data-text-ready', 'true');
  const line = page1.locator('[data-text-layer] span', {
    hasText: 'The robin sings from the hedge at dawn.',
  });
  await line.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  });
  await line.dispatchEvent('mouseup');
  await page
    .getByRole('toolbar', { name: 'Highlight the selection' })
    .getByRole('button', { name: 'Yellow' })
    .click();
  const mark = page1.locator('mark[data-ann-id]');
  await expect(mark).toHaveText('The robin sings from the hedge at dawn.');
  await page.evaluate(() => getSelection()?.removeAllRanges());

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.reload();
    await expect(page1).toHaveAttribute('data-text-ready', 'true');
    await expect(mark).toHaveCount(1);
    const box = (await mark.boundingBox())!;
    // the line's letters are still dark under the highlight
    expect(await darkPixels(page, box), `${scheme} theme`).toBeGreaterThan(20);
  }
});

test('at 390 px a page with a code block fits the screen and the bar gathers its actions in a menu', async ({
  page,
}) => {
  const name = uniqueName('narrow');
  await signUpByApi(page, name);
  const linkId = await saveStarter(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/user/${name}/b/${linkId}`);
  const article = page.getByRole('article', { name: 'Page text' });
  await expect(article).toContainText('Day 30.');

  // nothing widens the page: the code block scrolls inside itself
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const pre = article.locator('pre');
  expect(await pre.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await insideViewport(page, pre);

  // the bar's actions are in its menu, every one reachable
  const bar = page.getByRole('navigation', { name: 'Reader' });
  const more = bar.getByRole('button', { name: 'More actions' });
  await insideViewport(page, more);
  await more.click();
  const menu = page.getByRole('menu');
  for (const action of ['Mark as unread', 'Cached copy', 'Original', 'Outliner']) {
    const entry = menu.getByRole('menuitem', { name: action });
    await expect(entry).toBeVisible();
    await insideViewport(page, entry);
  }
  await menu.getByRole('menuitem', { name: 'Mark as unread' }).click();
  await expect(page.getByText('marked as unread', { exact: true })).toBeVisible();
});

test("a captured page's pictures show in the reader from Folio itself, with no CSP violation", async ({
  page,
}) => {
  const name = uniqueName('pictures');
  await signUpByApi(page, name);
  const linkId = await saveStarter(page);
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (uri: string) => violations.push(uri));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation: (u: string) => void }).reportViolation(
        `${e.violatedDirective} ${e.blockedURI}`,
      ),
    );
  });
  // reading the copy never calls the original site
  const toSite: string[] = [];
  page.on('request', (r) => {
    if (r.url().startsWith(siteUrl)) toSite.push(r.url());
  });
  await page.goto(`/user/${name}/b/${linkId}`);
  const picture = page.getByRole('article', { name: 'Page text' }).getByRole('img', {
    name: 'A jar of bubbling starter',
  });
  await expect(picture).toHaveAttribute('src', /^\/api\/files\/pages\/\d+\/[\w-]+\.jpg$/);
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1200);
  expect(violations).toEqual([]);
  expect(toSite).toEqual([]);
});

/** Selects a phrase of the reader text the way a mouse does, ending with the pointer released. */
async function select(page: Page, phrase: string) {
  await page.evaluate((phrase) => {
    const article = document.querySelector('article[aria-label="Page text"]')!;
    const walker = document.createTreeWalker(article, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
      const at = n.data.indexOf(phrase);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + phrase.length);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      n.parentElement!.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
      return;
    }
    throw new Error(`"${phrase}" is not in the article`);
  }, phrase);
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test('float notes sit in the margin, added from the bar; the side panel lists highlights and notes and goes to them', async ({
  page,
}) => {
  const name = uniqueName('margins');
  await signUpByApi(page, name);
  const linkId = await saveStarter(page);
  await page.goto(`/user/${name}/b/${linkId}`);
  const article = page.getByRole('article', { name: 'Page text' });
  await expect(article).toContainText('Day 30.');
  // no floating pill over the page: the action is the bar's
  const bar = page.getByRole('navigation', { name: 'Reader' });
  await bar.getByRole('button', { name: 'Add float note' }).click();
  const box = (await article.boundingBox())!;
  await page.getByRole('button', { name: 'Place the float note here' }).click({
    position: { x: box.width * 0.5, y: box.height * 0.05 },
  });
  const editor = page.getByRole('toolbar', { name: 'Float note' });
  await editor.getByLabel('Float note').fill('Feed it rye on Sundays');
  await editor.getByRole('button', { name: 'Save' }).click();
  const pin = page.getByRole('button', { name: 'Float note: Feed it rye on Sundays' });
  await expect(pin).toBeVisible();
  // the pin covers no word of the article
  const pinBox = (await pin.boundingBox())!;
  const words = await article.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return Array.from(range.getClientRects(), (r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
  });
  expect(words.filter((w) => w.width > 0 && overlaps(w, pinBox))).toEqual([]);

  // a highlight far down the page, with a sticky note
  await select(page, 'Day 28. A sourdough starter');
  await page
    .getByRole('toolbar', { name: 'Highlight selection' })
    .getByRole('button', { name: 'Green' })
    .click();
  await expect(article.locator('mark', { hasText: 'Day 28.' })).toHaveCount(1);
  await page.evaluate(() => getSelection()?.removeAllRanges());
  await page.evaluate(() => window.scrollTo(0, 0));
  // back at the top the bar stands in its place again (it hid while the page scrolled down)
  await expect(bar).toHaveAttribute('data-fixed', 'false');

  // the side panel lists both in reading order; choosing the highlight scrolls to it
  await bar.getByRole('button', { name: 'Highlights and notes' }).click();
  const side = page.getByRole('complementary', { name: 'Highlights and notes' });
  expect(Math.round((await side.boundingBox())!.width)).toBe(350);
  const entries = side.getByRole('list', { name: 'Highlights and notes' }).getByRole('listitem');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Feed it rye on Sundays');
  await expect(entries.nth(1)).toContainText('Day 28. A sourdough starter');
  const mark = article.locator('mark', { hasText: 'Day 28.' });
  await expect(mark).not.toBeInViewport();
  await entries.nth(1).getByRole('button').click();
  await expect(mark).toBeInViewport();

  // on a phone the Feedback button and the pins stay apart, and the panel is a side sheet
  await side.getByRole('button', { name: 'Close highlights and notes' }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(pin).toBeInViewport();
  const feedback = (await page.getByRole('button', { name: 'Feedback' }).boundingBox())!;
  expect(overlaps(feedback, (await pin.boundingBox())!)).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await bar.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Highlights and notes' }).click();
  const sheet = page.getByRole('dialog', { name: 'Highlights and notes' });
  await expect(sheet.getByRole('listitem')).toHaveCount(2);
});

test('typography is kept per user, and an article opens again where it was left, with its progress', async ({
  page,
}) => {
  const name = uniqueName('typeset');
  await signUpByApi(page, name);
  const linkId = await saveStarter(page);
  await page.goto(`/user/${name}/b/${linkId}`);
  const article = page.getByRole('article', { name: 'Page text' });
  await expect(article).toContainText('Day 30.');
  const bar = page.getByRole('navigation', { name: 'Reader' });
  const progress = bar.getByRole('progressbar', { name: 'Reading progress' });

  await bar.getByRole('button', { name: 'Text settings' }).click();
  const panel = page.getByRole('complementary', { name: 'Text settings' });
  await panel.getByRole('button', { name: 'Sans' }).click();
  await panel.getByRole('button', { name: 'Larger text' }).click();
  await panel.getByRole('button', { name: 'Larger text' }).click();
  await panel.getByRole('button', { name: 'Narrow' }).click();
  await expect(panel.getByLabel('Text size')).toHaveText('22 px');
  const look = () =>
    article.evaluate((el) => {
      const style = getComputedStyle(el);
      return { size: style.fontSize, serif: style.fontFamily.includes('Georgia'), width: el.clientWidth };
    });
  const chosen = await look();
  expect(chosen).toMatchObject({ size: '22px', serif: false });
  expect(chosen.width).toBeLessThanOrEqual(36 * 16);

  // read about half of it, then come back: the same place, the same progress, the same type
  const half = await article.evaluate(
    (el) => el.getBoundingClientRect().top + window.scrollY + el.getBoundingClientRect().height / 2,
  );
  await page.evaluate((y) => window.scrollTo(0, y), half);
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(40);
  const before = Number(await progress.getAttribute('aria-valuenow'));
  await page.reload();
  await expect(article).toContainText('Day 30.');
  expect(await look()).toEqual(chosen);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(half - 100);
  await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow'))).toBe(before);

  // another user on this browser reads with the default type
  await page.context().clearCookies();
  const other = uniqueName('typeset');
  await signUpByApi(page, other);
  await page.goto(`/user/${name}/b/${linkId}`);
  await expect(article).toContainText('Day 30.');
  expect(await look()).toMatchObject({ size: '18px', serif: true });
});

test('the item is edited in the 350 px second area beside the article', async ({ page }) => {
  const name = uniqueName('editside');
  await signUpByApi(page, name);
  const linkId = await saveStarter(page);
  await page.goto(`/user/${name}/b/${linkId}`);
  const article = page.getByRole('article', { name: 'Page text' });
  await expect(article).toContainText('Day 30.');
  await page.getByRole('navigation', { name: 'Reader' }).getByRole('button', { name: 'Edit Item' }).click();
  const side = page.getByRole('complementary', { name: 'Edit Item' });
  expect(Math.round((await side.boundingBox())!.width)).toBe(350);
  // the article stays in view beside it
  expect(overlaps((await side.boundingBox())!, (await article.boundingBox())!)).toBe(false);
  await side.getByLabel('Title').fill('My starter notes');
  await side.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Item saved.')).toBeVisible();
  await expect(side).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'My starter notes' })).toBeVisible();
});
