import { expect, type Locator, type Page, test } from '@playwright/test';
import { EDITOR_FOCUS_MS } from '../src/shared/limits.ts';
import { EXTENSION_BAR_DISMISSED } from './cookies.ts';
import { saveBookmark } from './helpers.ts';
import { signUp, uniqueName } from './seed.ts';

const rows = (page: Page) => page.locator('article');

/** A focused control shows a ring: an outline or a box-shadow, not nothing. */
async function focusRing(control: Locator): Promise<string> {
  return control.evaluate((el) => {
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return outline ? 'outline' : style.boxShadow !== 'none' ? 'shadow' : 'none';
  });
}

test.describe('a new user', () => {
  // nothing seen yet in this browser
  test.use({ storageState: { cookies: [EXTENSION_BAR_DISMISSED], origins: [] } });

  test('sees the library guide once, remembered by its cookie', async ({ page, context }) => {
    await signUp(page, uniqueName('guided'));
    const guide = page.getByRole('dialog', { name: 'Save anything' });
    await expect(guide).toBeVisible();
    await guide.getByRole('button', { name: 'Next' }).click();
    await page
      .getByRole('dialog', { name: 'Find anything again' })
      .getByRole('button', { name: 'Next' })
      .click();
    await page
      .getByRole('dialog', { name: 'Everything in one library' })
      .getByRole('button', { name: 'Close' })
      .click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const cookies = await context.cookies();
    // kept for years (Chromium caps a cookie's life at 400 days)
    expect(cookies.find((c) => c.name === 'GUIDE_LIBRARY')?.expires).toBeGreaterThan(
      Date.now() / 1000 + 300 * 86400,
    );

    await page.reload();
    await expect(page.getByText('Whoops! No item yet')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test('focus shows on the search box and tag inputs, lands on Title after Next, and returns to Add', async ({
  page,
}) => {
  await signUp(page, uniqueName('focuser'));
  const search = page.getByRole('combobox', { name: 'Search your library' });
  await search.focus();
  expect(await focusRing(search)).not.toBe('none');

  const add = page.getByRole('button', { name: 'Add', exact: true });
  await add.click();
  await page.getByRole('menuitem', { name: 'Bookmark' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add bookmark' });
  await dialog.getByLabel('URL').fill('https://example.org/focus');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByLabel('Title')).toBeFocused();
  const tags = dialog.getByRole('combobox', { name: 'Tags' });
  await tags.focus();
  expect(await focusRing(tags)).not.toBe('none');

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
});

test("a new note's editor takes the focus after 300 ms", async ({ page }) => {
  await page.clock.install();
  await signUp(page, uniqueName('noter'));
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Note' }).click();
  const text = page.getByRole('textbox', { name: 'Note text' });
  await expect(text).toBeVisible();
  await page.clock.runFor(EDITOR_FOCUS_MS);
  await expect(text).toBeFocused();
});

test('pages: past the end shows the last page, a new page starts at the top, no Page 1 of 1', async ({
  page,
}) => {
  const name = uniqueName('pager');
  await signUp(page, name);
  for (let n = 1; n <= 30; n++) {
    await saveBookmark(page, { url: `https://pages.example/${n}`, title: `Page item ${n}` });
  }
  await page.goto(`/user/${name}?page=99`);
  await expect(page).toHaveURL(new RegExp(`/user/${name}\\?page=2$`));
  await expect(rows(page)).toHaveCount(6);
  await expect(page.getByText('Whoops! No item yet')).toHaveCount(0);

  await page.goto(`/user/${name}`);
  await expect(rows(page)).toHaveCount(24);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.getByRole('link', { name: 'Page 2' }).click();
  await expect(rows(page)).toHaveCount(6);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  const search = page.getByRole('combobox', { name: 'Search your library' });
  await search.fill('nothingmatchesthis');
  await search.press('Enter');
  await expect(page.getByText('No results for nothingmatchesthis')).toBeVisible();
  await expect(page.getByText(/Page 1 of 1/)).toHaveCount(0);
});
