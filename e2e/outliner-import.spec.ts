import { expect, test } from '@playwright/test';
import { signUp, uniqueName } from './seed.ts';

const opml = (title: string, ...lines: string[]) => ({
  name: `${title}.opml`,
  mimeType: 'text/x-opml',
  buffer: Buffer.from(
    `<?xml version="1.0"?><opml version="2.0"><head><title>${title}</title></head><body>${lines
      .map((l) => `<outline text="${l}"/>`)
      .join('')}</body></opml>`,
  ),
});

test('imports an OPML file from the outliner list and from an outliner, and says why a file is refused', async ({
  page,
}) => {
  await signUp(page, uniqueName('opml'));
  await page.goto('/outliners');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeVisible();
  await page
    .getByLabel('Import an OPML file')
    .setInputFiles(opml('Reading plan', 'First book', 'Second book'));
  await expect(page.getByLabel('Outliner title')).toHaveValue('Reading plan');
  await expect(page.getByText('Second book')).toBeVisible();

  await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeVisible();
  await page.getByLabel('Import an OPML file').setInputFiles(opml('Garden', 'Tomatoes'));
  await expect(page.getByLabel('Outliner title')).toHaveValue('Garden');
  await expect(page.getByText('Tomatoes')).toBeVisible();

  await page
    .getByLabel('Import an OPML file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just text') });
  await expect(page.getByText(/^Import failed: /)).toBeVisible();
  await expect(page.getByLabel('Outliner title')).toHaveValue('Garden');
});
