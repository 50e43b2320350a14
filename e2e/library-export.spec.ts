import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { saveBookmark } from './helpers.ts';
import { signUpByApi, uniqueName } from './seed.ts';

test('Settings > Export: a bookmarks file of the whole library, made in the background and downloaded', async ({
  page,
}) => {
  await signUpByApi(page, uniqueName('lex'));
  await saveBookmark(page, {
    url: 'https://example.com/gardens',
    title: 'Gardens & Walls',
    tags: 'garden',
    description: 'Stone <and> moss',
  });
  await page.goto('/setting');
  const section = page.getByRole('region', { name: 'Export', exact: true });
  await expect(section.getByRole('list', { name: 'Export formats' })).toContainText('Markdown vault');
  await expect(section.getByText('No exports yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Export Bookmarks HTML' }).click();

  const run = section.getByRole('list', { name: 'Your exports' }).getByRole('listitem').first();
  await expect(run).toHaveAttribute('data-state', 'ready');
  await expect(run).toContainText(/\d+(\.\d)? (B|KB), made /);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    run.getByRole('link', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^folio-netscape-\d{4}-\d\d-\d\d\.html$/);
  const html = await readFile((await download.path())!, 'utf8');
  expect(html.startsWith('<!DOCTYPE NETSCAPE-Bookmark-file-1>')).toBe(true);
  expect(html).toContain('HREF="https://example.com/gardens"');
  expect(html).toContain('TAGS="garden"');
  expect(html).toContain('>Gardens &amp; Walls</A>');
  expect(html).toContain('<DD>Stone &lt;and&gt; moss');
});
