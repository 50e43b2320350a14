import { expect, type Locator, type Page, test } from '@playwright/test';
import { EXTENSION_BAR_DISMISSED } from './cookies.ts';
import { saveBookmark } from './helpers.ts';
import { signIn, signUp, uniqueName } from './seed.ts';

// nothing seen yet in this browser (the bookmarklet bar has its own journeys)
test.use({ storageState: { cookies: [EXTENSION_BAR_DISMISSED], origins: [] } });

/** The largest gap between two boxes, 0 when they touch or overlap. */
async function gapBetween(a: Locator, b: Locator): Promise<number> {
  const [ra, rb] = [await a.boundingBox(), await b.boundingBox()];
  if (!ra || !rb) throw new Error('not on the page');
  const dx = Math.max(0, rb.x - (ra.x + ra.width), ra.x - (rb.x + rb.width));
  const dy = Math.max(0, rb.y - (ra.y + ra.height), ra.y - (rb.y + rb.height));
  return Math.max(dx, dy);
}

/** The guide's step is beside the control it explains, and that control is marked. */
async function pointsAt(step: Locator, control: Locator) {
  await expect(step).toBeVisible();
  await expect(control).toHaveAttribute('data-guide-target', '');
  expect(await gapBetween(step, control)).toBeLessThan(24);
}

const ads = (page: Page) => page.getByRole('complementary', { name: 'Advertisement' });

test('a new free user: a guide at the real controls, every way in, the upsell only after the first save', async ({
  page,
  browser,
}) => {
  const name = uniqueName('firstmin');
  const marked = page.waitForResponse(
    (r) => r.url().endsWith('/api/settings/guides') && r.request().method() === 'POST',
  );
  await signUp(page, name);

  const add = page.getByRole('button', { name: 'Add', exact: true });
  const first = page.getByRole('dialog', { name: 'Save anything' });
  await pointsAt(first, add);
  expect((await marked).ok()).toBe(true);
  await first.getByRole('button', { name: 'Next' }).click();
  await pointsAt(
    page.getByRole('dialog', { name: 'Find anything again' }),
    page.getByRole('combobox', { name: 'Search your library' }),
  );
  await page
    .getByRole('dialog', { name: 'Find anything again' })
    .getByRole('button', { name: 'Next' })
    .click();
  const last = page.getByRole('dialog', { name: 'Everything in one library' });
  await pointsAt(last, page.getByRole('navigation', { name: 'Library filters' }));
  await last.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // the empty library offers each way in, each the real flow; no upsell yet
  await expect(page.getByText('Whoops! No item yet')).toBeVisible();
  await expect(ads(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Upload a PDF' }).click();
  await expect(page.getByRole('dialog', { name: 'Upload PDF' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Import Kindle highlights' }).click();
  await expect(page.getByRole('dialog', { name: 'Import Kindle highlights' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add a bookmark' }).click();
  await expect(page.getByRole('dialog', { name: 'Add bookmark' })).toBeVisible();
  await page.keyboard.press('Escape');

  // after the first save the house ad for Premium may show
  await saveBookmark(page, { url: 'https://first.example/page', title: 'My first page' });
  await page.reload();
  await expect(page.getByText('My first page')).toBeVisible();
  await expect(ads(page).first()).toContainText('Folio Premium');

  // another browser: the account remembers the guide was seen
  const elsewhere = await browser.newContext({
    storageState: { cookies: [EXTENSION_BAR_DISMISSED], origins: [] },
  });
  const other = await elsewhere.newPage();
  const asked = other.waitForResponse(
    (r) => r.url().endsWith('/api/settings/guides') && r.request().method() === 'GET',
  );
  await signIn(other, name, 'secret123');
  await other.waitForURL(`/user/${name}`);
  expect(await (await asked).json()).toEqual({ seen: ['library'] });
  await expect(other.getByText('My first page')).toBeVisible();
  await expect(other.getByRole('dialog')).toHaveCount(0);
  await elsewhere.close();
});
