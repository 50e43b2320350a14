import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signUp, uniqueName } from './seed.ts';

/** A real clippings file: three books, a unicode title, a note, a bookmark, Windows line endings. */
const CLIPPINGS = path.resolve('test/fixtures/kindle/My Clippings.txt');

const rows = (page: Page) => page.locator('article');

async function importFile(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Import Kindle highlights' });
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();
  await dialog.getByLabel('Clippings file').setInputFiles(CLIPPINGS);
  await expect(dialog.getByText(/^My Clippings.txt \(2 KB\)/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Import' }).click();
  return dialog;
}

test('imports My Clippings.txt, shows the books and their highlights; a second import adds nothing', async ({
  page,
}) => {
  const name = uniqueName('kindle');
  await signUp(page, name);

  // the kindle empty state offers the import
  await page.getByRole('link', { name: 'Kindle', exact: true }).click();
  await expect(page).toHaveURL(/filter=kindle/);
  await expect(page.getByText('No Kindle highlights yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Import Kindle highlights' }).click();

  // a file that is not a clippings file is refused before it is sent
  const dialog = page.getByRole('dialog', { name: 'Import Kindle highlights' });
  await dialog.getByLabel('Clippings file').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  });
  await expect(dialog.getByRole('alert')).toHaveText(
    "Please choose a text file: your Kindle's 'My Clippings.txt'.",
  );
  await expect(dialog.getByRole('button', { name: 'Import' })).toBeDisabled();

  await importFile(page);
  await expect(dialog.getByText('3 books and 6 highlights imported, with 1 note')).toBeVisible();
  await dialog.getByRole('link', { name: 'Show Kindle books' }).click();
  await expect(dialog).toBeHidden();

  await expect(rows(page)).toHaveCount(3);
  await expect(page.getByRole('link', { name: 'Crème Brûlée: Über Zeit und Café' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'The Pragmatic Programmer' })).toBeVisible();

  // the kindle item view: the book, then its highlights in book order
  await page.getByRole('link', { name: 'Deep Work', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/user/${name}/b/\\d+`));
  await expect(page.getByRole('heading', { name: 'Deep Work' })).toBeVisible();
  await expect(page.getByText('Cal Newport')).toBeVisible();
  const highlights = page.getByRole('list', { name: 'Highlights' }).locator(':scope > li');
  await expect(highlights).toHaveCount(3);
  await expect(highlights.nth(0)).toContainText('To produce at your peak level');
  await expect(highlights.nth(0)).toContainText('Page 3 · Location 45-47 · Added on Sunday, January 7, 2024');
  await expect(highlights.nth(1)).toContainText('Try a four-hour block on Mondays.');
  await expect(highlights.nth(1)).toContainText('Note · Page 22 · Location 300');
  await expect(highlights.nth(2)).toContainText('Clarity about what matters');

  // ?ann_md5= points at one highlight
  await highlights
    .nth(2)
    .getByRole('link', { name: /Clarity about what matters/ })
    .click();
  await expect(page).toHaveURL(/ann_md5=/);
  await expect(highlights.nth(2)).toHaveClass(/targeted/);

  // the note written on a highlight is its sticky note; the owner can change colour there too
  await page.goBack();
  await page.goBack();
  await page.getByRole('link', { name: 'The Pragmatic Programmer' }).click();
  const first = page.getByRole('list', { name: 'Highlights' }).locator(':scope > li').first();
  await expect(first).toContainText('Care about your craft.');
  await expect(first).toContainText('Put this on the wall.');
  await first.getByRole('button', { name: 'Change color (now yellow)' }).click();
  await page.getByRole('menuitem', { name: 'Green' }).click();
  await expect(first).toHaveAttribute('data-color', 'green');
  await page.reload();
  await expect(page.getByRole('list', { name: 'Highlights' }).locator(':scope > li').first()).toHaveAttribute(
    'data-color',
    'green',
  );

  // the same file again, from the add menu: nothing new
  await page.goto(`/user/${name}`);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Kindle highlights' }).click();
  const again = await importFile(page);
  await expect(
    again.getByText('Nothing new: every highlight in this file is already in your library.'),
  ).toBeVisible();
  await again.getByRole('button', { name: 'Done' }).click();
  await page.goto(`/user/${name}?filter=kindle`);
  await expect(rows(page)).toHaveCount(3);
});
