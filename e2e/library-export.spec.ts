import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiPost, saveBookmark } from './helpers.ts';
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

test('Settings > Export > Folio backup, delete the account with the offered backup, sign up again, restore: the library as it was', async ({
  page,
}) => {
  const name = uniqueName('bak');
  await signUpByApi(page, name);
  const saved = await saveBookmark(page, {
    url: 'https://example.com/kept',
    title: 'Kept through a move',
    tags: 'moving',
  });
  await apiPost(page, '/annotation_mana/add_annotation', {
    link_id: saved.link_id,
    shape: 0,
    content: 'a line worth keeping',
    color: 'green',
    selector: JSON.stringify([
      { type: 'TextQuoteSelector', exact: 'a line worth keeping', prefix: '', suffix: '' },
    ]),
  });
  const outliner = (await apiPost(page, '/outliner/new', { title: 'Boxes' })).outliner.id;
  await apiPost(page, '/ditem_outliner/add_to_outliner', { infos: String(saved.link_id), list_id: outliner });

  await page.goto('/setting');
  const section = page.getByRole('region', { name: 'Export', exact: true });
  await section.getByRole('button', { name: 'Export Folio backup' }).click();
  const run = section.getByRole('list', { name: 'Your exports' }).getByRole('listitem').first();
  await expect(run).toHaveAttribute('data-state', 'ready');

  // the deletion dialog offers the backup it just made
  const danger = page.getByRole('region', { name: 'Delete Account' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    danger.getByRole('link', { name: /Download your Folio backup/ }).click(),
  ]);
  const backup = await download.path();
  await danger.getByLabel('Password').fill('secret123');
  await danger.getByLabel(`Type your user name, ${name}, to confirm`).fill(name);
  await danger.getByRole('button', { name: 'Delete my account' }).click();
  await expect(danger.getByText('Your account and everything in it have been deleted.')).toBeVisible();

  await page.context().clearCookies();
  const again = uniqueName('bak2');
  await signUpByApi(page, again);
  await page.goto('/setting');
  const importer = page.getByRole('region', { name: 'Import from another service' });
  await importer.getByLabel('Export file').setInputFiles(backup!);
  await importer.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(importer.getByText(/Import finished: \d+ added/)).toBeVisible();

  await page.goto(`/user/${again}`);
  const items = page.getByRole('region', { name: 'Items' });
  await expect(items.getByRole('link', { name: 'Kept through a move' })).toBeVisible();
  await expect(items.getByText('a line worth keeping')).toBeVisible();
  await page.goto('/outliners');
  await expect(page.getByRole('link', { name: 'Boxes', exact: true })).toBeVisible();
});
