import { expect, type Page, test } from '@playwright/test';
import { saveBookmark } from './helpers.ts';
import { signUpByApi, uniqueName } from './seed.ts';

const rows = (page: Page) => page.locator('article');
const filters = (page: Page) => page.getByRole('navigation', { name: 'Library filters' });

async function deleteRow(page: Page, title: string) {
  await page.getByRole('button', { name: 'Bulk Edit' }).click();
  await page.getByLabel(`Select ${title}`).check();
  await page.getByRole('toolbar', { name: 'Bulk actions' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('1 item(s) deleted')).toBeVisible();
  await page.keyboard.press('Escape');
}

test('delete and Undo, then Restore from the Trash view', async ({ page }) => {
  const name = uniqueName('trasher');
  await signUpByApi(page, name);
  await saveBookmark(page, { url: 'https://trash.example/kept', title: 'Kept page' });
  await saveBookmark(page, { url: 'https://trash.example/gone', title: 'Gone page' });
  await page.goto(`/user/${name}`);
  await expect(rows(page)).toHaveCount(2);

  await deleteRow(page, 'Gone page');
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('1 item(s) restored')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);

  await deleteRow(page, 'Gone page');
  await expect(rows(page)).toHaveCount(1);
  await filters(page).getByRole('link', { name: 'Trash' }).click();
  await expect(page).toHaveURL(/\/trash$/);
  const trashed = page.getByTestId('trashed-item');
  await expect(trashed).toHaveCount(1);
  await expect(trashed).toContainText('Gone page');
  await trashed.getByRole('button', { name: /^Restore/ }).click();
  await expect(page.getByText('The trash is empty.')).toBeVisible();

  await page.goto(`/user/${name}`);
  await expect(rows(page)).toHaveCount(2);
});

test('save a search and find it in the sidebar with its count', async ({ page }) => {
  const name = uniqueName('searcher');
  await signUpByApi(page, name);
  await saveBookmark(page, {
    url: 'https://ferns.example/1',
    title: 'Tree ferns',
    tags: 'ferns',
    unread: true,
  });
  await saveBookmark(page, { url: 'https://ferns.example/2', title: 'Moss', tags: 'moss', unread: true });
  await page.goto(`/user/${name}?what=%23ferns&unread=yes`);
  await expect(rows(page)).toHaveCount(1);

  await page.getByRole('button', { name: 'Save this search' }).click();
  await page.getByRole('textbox', { name: 'Name of the saved search' }).fill('Unread ferns');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Search saved')).toBeVisible();

  await page.goto(`/user/${name}`);
  const saved = page
    .getByRole('list', { name: 'Saved searches' })
    .getByRole('link', { name: /Unread ferns/ });
  await expect(saved).toContainText('1');
  await saved.click();
  await expect(page).toHaveURL(/what=%23ferns/);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page)).toContainText('Tree ferns');
});
