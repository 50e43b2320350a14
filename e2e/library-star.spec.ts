import { expect, type Page, test } from '@playwright/test';
import { saveBookmark } from './helpers.ts';
import { signUpByApi, uniqueName } from './seed.ts';

const row = (page: Page, title: string) => page.locator('article', { hasText: title });

test('a star on a row, the Starred filter, and the palette finding an item by title', async ({ page }) => {
  const name = uniqueName('starry');
  await signUpByApi(page, name);
  await saveBookmark(page, { url: 'https://star.example.com/a', title: 'Quiet harbour walks' });
  await saveBookmark(page, { url: 'https://star.example.com/b', title: 'Loud city nights' });
  await page.goto(`/user/${name}`);

  await row(page, 'Quiet harbour walks').getByRole('button', { name: 'Star', exact: true }).click();
  await expect(row(page, 'Quiet harbour walks').getByRole('button', { name: 'Unstar' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page
    .getByRole('navigation', { name: 'Library filters' })
    .getByRole('link', { name: 'Starred' })
    .click();
  await expect(page).toHaveURL(/starred=yes/);
  await expect(page.locator('article')).toHaveCount(1);
  await expect(row(page, 'Quiet harbour walks')).toBeVisible();

  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await palette.getByRole('combobox', { name: 'Type a command or search' }).fill('city nig');
  await palette.getByRole('option', { name: /Loud city nights/ }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${name}/b/\\d+`));
});
