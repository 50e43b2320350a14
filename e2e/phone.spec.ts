import { readFileSync } from 'node:fs';
import { chromium, expect, type Page, test } from '@playwright/test';
import { apiPost, pageSite, saveBookmark, waitForCapture } from './helpers.ts';
import { appOrigin, signUpByApi, uniqueName } from './seed.ts';

/**
 * Folio on a phone (issue 32): every main screen at 390x844 with touch fits the width (no sideways
 * scroll, no control outside the screen), the app is installable, and the share target fills the add
 * form (from `url`, from an address inside `text`, and after signing in).
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'allow' });

const ARTICLE = `<!doctype html><html><head><title>Rivers of the north</title></head><body><article>
<h1>Rivers of the north</h1>
${Array.from(
  { length: 8 },
  (_, i) =>
    `<p>Paragraph ${i + 1}: the river bends past the old mill where the water runs slow and deep, and anglers wait for the evening rise along the reeds.</p>`,
).join('\n')}
</article></body></html>`;
const site = pageSite(ARTICLE);

/**
 * The screen's width problems: the document wider than the viewport, and each visible control
 * (link, button, field) that starts left of it or ends right of it. Hidden ones (skip link, visually
 * hidden text) do not count; a control in a strip that scrolls sideways does: it is off the screen.
 */
async function widthProblems(page: Page): Promise<string[]> {
  // the phone's width, not innerWidth: a mobile browser widens its layout viewport to fit a page too wide
  return page.evaluate((width) => {
    const problems: string[] = [];
    const docWidth = document.documentElement.scrollWidth;
    if (docWidth > width) problems.push(`document is ${docWidth}px wide`);
    const controls = document.querySelectorAll<HTMLElement>('body *');
    for (const el of controls) {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width <= 1 || rect.height <= 1 || style.visibility === 'hidden') continue;
      if (el.closest('[aria-hidden="true"], [hidden]')) continue;
      if (rect.left < -1 || rect.right > width + 1) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? el.tagName).trim().slice(0, 40);
        problems.push(
          `${el.tagName.toLowerCase()} "${name}" at ${Math.round(rect.left)}..${Math.round(rect.right)}`,
        );
      }
    }
    return problems;
  }, page.viewportSize()!.width);
}

/** A finger's swipe across a box, `dx` pixels sideways from its middle (Chromium's touch input). */
async function swipe(page: Page, box: { x: number; y: number; width: number; height: number }, dx: number) {
  const cdp = await page.context().newCDPSession(page);
  const y = box.y + box.height / 2;
  const x = box.x + box.width / 2 - dx / 2;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (const step of [0.25, 0.5, 0.75, 1]) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + dx * step, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function fits(page: Page, screen: string) {
  await expect.poll(() => widthProblems(page), { message: `${screen} fits 390 px` }).toEqual([]);
}

test('every main screen fits a 390 px phone', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByLabel('Username or email')).toBeVisible();
  await fits(page, 'sign-in');

  const name = uniqueName('phone');
  await signUpByApi(page, name);
  const item = await saveBookmark(page, {
    url: `${site.url}/rivers`,
    title: 'Rivers of the north',
    unread: true,
  });
  await waitForCapture(page, item.link_id);
  await apiPost(page, '/annotation_mana/add_annotation', {
    link_id: item.link_id,
    shape: 0,
    content: 'the river bends past the old mill where the water runs slow and deep',
    selector: JSON.stringify([
      {
        type: 'TextQuoteSelector',
        exact: 'the river bends past the old mill where the water runs slow and deep',
      },
    ]),
  });
  const pdf = await page.request.post('/item/save/pdf', {
    headers: { origin: appOrigin() },
    multipart: {
      file: {
        name: 'two-pages.pdf',
        mimeType: 'application/pdf',
        buffer: readFileSync('test/fixtures/uploads/two-pages.pdf'),
      },
    },
  });
  expect(pdf.ok(), await pdf.text()).toBe(true);
  const pdfId = (await pdf.json()).items[0].link_id as number;
  const outliner = await apiPost(page, '/outliner/new', { title: 'Phone notes' });

  for (const layout of ['cards', 'compact', 'list']) {
    await page.context().addCookies([{ name: 'layout', value: layout, url: appOrigin() }]);
    await page.goto(`/user/${name}`);
    await expect(page.getByRole('link', { name: 'Rivers of the north' }).first()).toBeVisible();
    await fits(page, `library (${layout})`);
  }
  // touch targets: a finger's 44 px
  expect(
    (await page.getByRole('button', { name: 'Bulk Edit' }).boundingBox())!.height,
  ).toBeGreaterThanOrEqual(44);
  expect(
    (await page.getByRole('button', { name: 'Add', exact: true }).boundingBox())!.height,
  ).toBeGreaterThanOrEqual(44);

  // a swipe right on a row marks it read, through the menu's own action
  const row = page.getByRole('article', { name: 'Rivers of the north' });
  await expect(row.getByTitle('Unread')).toBeVisible();
  await swipe(page, (await row.boundingBox())!, 150);
  await expect(row.getByTitle('Unread')).toHaveCount(0);

  // the list view's bulk bar stays one row
  await page.getByRole('button', { name: 'Bulk Edit' }).click();
  const bulkBar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await bulkBar.getByRole('button', { name: 'Select all' }).click();
  await expect(bulkBar).toContainText('2');
  expect((await bulkBar.boundingBox())!.height).toBeLessThan(60);
  await fits(page, 'library bulk bar');

  await page.goto(`/user/${name}/b/${item.link_id}`);
  await expect(page.getByText('Paragraph 8:')).toBeVisible();
  await fits(page, 'reader');
  // the text settings leave the text they change in sight
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Text settings' }).click();
  const sheet = page.getByRole('dialog', { name: 'Text settings' });
  await expect(sheet).toBeVisible();
  expect((await sheet.boundingBox())!.y).toBeGreaterThan(844 / 2);
  await expect(page.getByText('Paragraph 1:')).toBeInViewport();
  await page.keyboard.press('Escape');

  await page.goto(`/user/${name}/b/${pdfId}`);
  await expect(page.locator('canvas').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download' }).first()).toBeInViewport();
  await fits(page, 'PDF reader');

  // the outliner's address code (shared/outliners/code.ts)
  await page.goto(`/o/${(outliner.outliner.outliner_id * 1234 + 98765).toString(36)}/Phone notes`);
  await expect(page.getByRole('heading', { name: 'Phone notes' })).toBeVisible();
  await fits(page, 'outliner editor');

  await page.goto('/setting');
  await expect(page.getByLabel('Unread items kept for reading offline')).toBeVisible();
  await fits(page, 'settings');

  await page.goto('/premium');
  await expect(page.getByText('Business').first()).toBeVisible();
  await fits(page, 'pricing');

  await page.goto('/premium/pay?p=professional');
  await expect(page.getByLabel('Card number')).toBeVisible();
  await fits(page, 'pay');
});

test('the share target fills the add form from url, from text and after signing in', async ({
  page,
  browser,
}) => {
  // signed out: sign in, and come back to the same form
  const name = uniqueName('sharer');
  const visitor = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  await signUpByApi(await visitor.newPage(), name);
  await visitor.clearCookies();
  const phone = await visitor.newPage();
  await phone.goto(
    `/share?title=Rivers&text=${encodeURIComponent(`Look at this ${site.url}/after-sign-in, lovely`)}`,
  );
  await expect(phone).toHaveURL(/\/sign-in\?next=/);
  await phone.getByLabel('Username or email').fill(name);
  await phone.getByLabel('Password').fill('secret123');
  await phone.getByRole('button', { name: 'Sign in' }).click();
  const afterSignIn = phone.getByRole('dialog', { name: 'Add bookmark' });
  await expect(afterSignIn.getByLabel('URL')).toHaveValue(`${site.url}/after-sign-in`);
  await visitor.close();

  await signUpByApi(page, uniqueName('sharer'));
  await page.goto(`/share?title=Rivers&url=${encodeURIComponent(`${site.url}/from-url`)}`);
  const dialog = page.getByRole('dialog', { name: 'Add bookmark' });
  await expect(dialog.getByLabel('URL')).toHaveValue(`${site.url}/from-url`);
  // one tap on, the details are read and Add saves it
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Rivers of the north' }).first()).toBeVisible();

  await page.goto(`/share?text=${encodeURIComponent(`Rivers of the north ${site.url}/from-text.`)}`);
  await expect(page.getByRole('dialog', { name: 'Add bookmark' }).getByLabel('URL')).toHaveValue(
    `${site.url}/from-text`,
  );
});

test('Chromium finds the app installable', async ({ baseURL }, testInfo) => {
  // a profile on disk: Chromium never offers to install from an incognito context (Playwright's usual one)
  const context = await chromium.launchPersistentContext(testInfo.outputPath('profile'), {
    ...testInfo.project.use.launchOptions,
    baseURL,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  const cdp = await context.newCDPSession(page);
  await expect
    .poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors)
    .toEqual([]);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  await context.close();
});
