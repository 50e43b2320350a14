import { expect, test } from '@playwright/test';
import { signUp, uniqueName } from './seed.ts';

const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test.describe('on desktop Chrome', () => {
  test.use({ userAgent: DESKTOP_CHROME });

  test('the library offers the Save to Folio button after a second, until dismissed', async ({ page }) => {
    const name = uniqueName('ext');
    await signUp(page, name);
    const bar = page.getByRole('complementary', { name: 'Save pages from your browser' });
    await expect(bar).toBeVisible();
    const button = bar.getByRole('link', { name: 'Save to Folio' });
    await expect(button).toHaveAttribute('href', /^javascript:/);
    expect(await button.getAttribute('href')).toContain(`/user/${name}?add=`);

    await bar.getByRole('button', { name: 'Dismiss' }).click();
    await expect(bar).toBeHidden();
    await page.reload();
    await page.waitForTimeout(1500);
    await expect(bar).toBeHidden();
  });

  test('the bookmarklet address opens the add form filled in and leaves a clean URL', async ({ page }) => {
    const name = uniqueName('bml');
    await signUp(page, name);
    const saved = 'https://example.org/articles/bookmarklet';
    await page.goto(`/user/${name}?add=${encodeURIComponent(saved)}`);
    const dialog = page.getByRole('dialog', { name: 'Add bookmark' });
    await expect(dialog.getByLabel('URL')).toHaveValue(saved);
    await expect(page).toHaveURL(new RegExp(`/user/${name}$`));
  });

  test('the bar stays away when the extension marks the page', async ({ page }) => {
    // as the extension's content script would, once the document has its root element
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.dataset.folioExtension = '1';
      });
    });
    await signUp(page, uniqueName('hasext'));
    await page.waitForTimeout(1500);
    await expect(page.getByRole('complementary', { name: 'Save pages from your browser' })).toBeHidden();
  });
});

test('other browsers are not offered the bar', async ({ page }) => {
  await signUp(page, uniqueName('noext'));
  await page.waitForTimeout(1500);
  await expect(page.getByRole('complementary', { name: 'Save pages from your browser' })).toBeHidden();
});
