import { expect, test } from '@playwright/test';
import { liveSocketOpen, pageSite, saveBookmark } from './helpers.ts';
import { signUpByApi, uniqueName } from './seed.ts';

const site = pageSite('<!doctype html><title>Morning news</title><p>The news of the morning.</p>');

test('make a rule in Settings and watch a new bookmark get its tags', async ({ page }) => {
  const name = uniqueName('rules');
  await signUpByApi(page, name);
  await saveBookmark(page, { url: `${site.url}/old`, title: 'Yesterday', tags: 'news' });
  await page.goto('/setting#rules');

  const form = page.getByRole('form', { name: 'New rule' });
  await form.getByLabel('Name').fill('Newsroom');
  await form.getByLabel('When a saved or imported item matches the search').fill('#news');
  // the dry run counts the library's one news item
  await expect(form.getByRole('status')).toHaveText('This would have matched 1 item of your library.');
  await form.getByRole('textbox', { name: 'Tags' }).fill('daily, to-read');
  await form.getByRole('button', { name: 'Make rule' }).click();
  const rules = page.getByRole('list', { name: 'Your rules' });
  await expect(rules).toContainText('Newsroom');
  await expect(rules).toContainText('add tags daily, to-read');

  await page.goto(`/user/${name}`);
  await liveSocketOpen(page);
  await saveBookmark(page, { url: `${site.url}/today`, title: 'Morning news', tags: 'news' });
  const row = page.locator('article', { hasText: 'Morning news' });
  await expect(row.getByRole('link', { name: 'daily' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'to-read' })).toBeVisible();
});
