import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { EXTENSION_BAR_DELAY_MS } from '../src/web/features/extension/extension.ts';
import { GUIDE_SEEN } from './cookies.ts';
import { saveBookmark } from './helpers.ts';
import { signUp, signUpByApi, uniqueName } from './seed.ts';

const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

// these journeys are about the bar: it has not been dismissed yet
test.use({ storageState: { cookies: [GUIDE_SEEN], origins: [] } });

const extensionBar = (page: Page) =>
  page.getByRole('complementary', { name: 'Save pages from your browser' });

/**
 * Lets the bar's delay pass on the page's clock (installed before the page loaded): the library
 * has rendered its list, so the bar's timer is set, and now it is due, however busy the machine.
 */
async function delayPassed(page: Page) {
  await expect(page.getByText('Whoops! No item yet')).toBeVisible();
  await page.clock.runFor(EXTENSION_BAR_DELAY_MS * 2);
}

test.describe('on desktop Chrome', () => {
  test.use({ userAgent: DESKTOP_CHROME });
  test.beforeEach(({ page }) => page.clock.install());

  test('the library offers the Save to Folio button after a second, until dismissed', async ({ page }) => {
    const name = uniqueName('ext');
    await signUp(page, name);
    await delayPassed(page);
    const bar = extensionBar(page);
    await expect(bar).toBeVisible();
    const button = bar.getByRole('link', { name: 'Save to Folio' });
    await expect(button).toHaveAttribute('href', /^javascript:/);

    await bar.getByRole('button', { name: 'Dismiss' }).click();
    await expect(bar).toBeHidden();
    await page.reload();
    await delayPassed(page);
    await expect(bar).toBeHidden();
  });

  test('the bar appears without moving the library under the pointer', async ({ page }) => {
    await signUp(page, uniqueName('extshift'));
    const heading = page.getByRole('heading', { level: 1 });
    await expect(page.getByText('Whoops! No item yet')).toBeVisible();
    const before = await heading.boundingBox();
    await page.clock.runFor(EXTENSION_BAR_DELAY_MS * 2);
    await expect(extensionBar(page)).toBeVisible();
    expect(await heading.boundingBox()).toEqual(before);
  });

  test('the bookmarklet, clicked on another site, opens the add form filled in with a clean URL', async ({
    page,
    context,
  }) => {
    const name = uniqueName('bml');
    await signUp(page, name);
    await delayPassed(page);
    const href = await extensionBar(page).getByRole('link', { name: 'Save to Folio' }).getAttribute('href');

    // a page elsewhere: the bookmarklet runs there, as the browser runs a bookmark's javascript: URL
    const elsewhere = 'https://news.example/articles/bookmarklet?id=7&lang=en';
    await context.route('https://news.example/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>An article</title><p>Read me</p>' }),
    );
    const site = await context.newPage();
    await site.goto(elsewhere);
    const [form] = await Promise.all([
      context.waitForEvent('page'),
      site.evaluate((code) => new Function(code)(), (href ?? '').replace(/^javascript:/, '')),
    ]);
    const dialog = form.getByRole('dialog', { name: 'Add bookmark' });
    await expect(dialog.getByLabel('URL')).toHaveValue(elsewhere);
    await expect(form).toHaveURL(new RegExp(`/user/${name}$`));
  });

  test('the bar leads to the install steps, which offer the packed extension', async ({ page }) => {
    await signUp(page, uniqueName('extpage'));
    await delayPassed(page);
    await extensionBar(page).getByRole('link', { name: 'install the Folio extension' }).click();
    await expect(page).toHaveURL(/\/extension$/);
    await expect(page.getByRole('heading', { name: 'Microsoft Edge' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Firefox/ })).toBeVisible();
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    const download = page.getByRole('link', { name: 'Download the extension (.zip)' });
    const zip = await page.request.get((await download.getAttribute('href'))!);
    expect(zip.status()).toBe(200);
    expect(zip.headers()['content-type']).toBe('application/zip');
    expect((await zip.body()).subarray(0, 2).toString()).toBe('PK');
  });

  test('the bar stays away when the extension marks the page', async ({ page }) => {
    // as the extension's content script would, once the document has its root element
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.dataset.folioExtension = '1';
      });
    });
    await signUp(page, uniqueName('hasext'));
    await delayPassed(page);
    await expect(extensionBar(page)).toBeHidden();
  });
});

test('Take screenshot without the extension prompts to install it (spec part 2 §6, §8)', async ({ page }) => {
  const name = uniqueName('shot');
  await signUpByApi(page, name);
  await saveBookmark(page, { url: 'https://shot.example/page', title: 'A page to picture' });
  await page.goto(`/user/${name}`);
  await page.getByRole('button', { name: 'Actions for A page to picture' }).click();
  await page.getByRole('menuitem', { name: 'Take screenshot' }).click();
  await expect(
    page.getByText('Sorry, you need to install chrome extension to enable this feature.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Install the extension' }).click();
  await expect(page).toHaveURL(/\/extension$/);
});

test('headless Chromium is desktop Chrome by its features, and is offered the bar', async ({ page }) => {
  await page.clock.install();
  await signUp(page, uniqueName('headless'));
  await delayPassed(page);
  await expect(extensionBar(page)).toBeVisible();
});

test('other browsers are not offered the bar', async ({ page }) => {
  // Edge on the desktop, as its client hints say
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'userAgentData', {
      get: () => ({ brands: [{ brand: 'Microsoft Edge' }, { brand: 'Chromium' }], mobile: false }),
    });
  });
  await page.clock.install();
  await signUp(page, uniqueName('noext'));
  await delayPassed(page);
  await expect(extensionBar(page)).toBeHidden();
});
