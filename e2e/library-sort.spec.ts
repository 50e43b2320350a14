import { expect, type Page, test } from '@playwright/test';
import { saveBookmark as save } from './helpers.ts';
import { signUp, uniqueName } from './seed.ts';

/** the rows' titles, top to bottom (each row is an article named by its title) */
const titles = (page: Page) =>
  expect.poll(() =>
    page.locator('article').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label'))),
  );

test('sorts the library and its search results from the sort selects; the URL keeps the sort', async ({
  page,
}) => {
  const name = uniqueName('sorter');
  await signUp(page, name);
  for (const title of ['Banana bread', 'apple pie', 'Cherry tart'])
    await save(page, { url: `https://sort.example/${title.split(' ')[0]}`, title });
  await page.reload();
  await titles(page).toEqual(['Cherry tart', 'apple pie', 'Banana bread']);

  const sort = page.getByRole('combobox', { name: 'Sort', exact: true });
  await expect(sort).toHaveValue('updated');
  await expect(sort.locator('option')).toHaveText(['Updated', 'Created', 'Title']);
  await sort.selectOption('title');
  await expect(page).toHaveURL(/sort=title/);
  await titles(page).toEqual(['apple pie', 'Banana bread', 'Cherry tart']);

  await page.goto(`/user/${name}?query=${encodeURIComponent('@sort.example')}`);
  const results = page.getByRole('combobox', { name: 'Sort results' });
  await expect(results).toHaveValue('title');
  await titles(page).toEqual(['apple pie', 'Banana bread', 'Cherry tart']);
  await results.selectOption('created');
  await expect(page).toHaveURL(/sort=created/);
  await titles(page).toEqual(['Cherry tart', 'apple pie', 'Banana bread']);
  await page.reload();
  await expect(results).toHaveValue('created');
});
