import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startTestSite, type TestSite } from '../test/helpers/test-site.ts';
import { waitForCapture } from './helpers.ts';
import { signUpByApi, uniqueName } from './seed.ts';

const FIXTURES = path.join(import.meta.dirname, '..', 'test', 'fixtures', 'import');

let site: TestSite;
test.beforeAll(async () => {
  site = await startTestSite();
});
test.afterAll(async () => {
  await site.close();
});

test('importing a bookmarks file from Settings: the bar finishes, folders become an outliner, items are tagged', async ({
  page,
}) => {
  const name = uniqueName('imp');
  await signUpByApi(page, name);
  await page.goto('/setting');
  const section = page.getByRole('region', { name: 'Import from another service' });
  await section.getByLabel('Export file').setInputFiles(path.join(FIXTURES, 'netscape.html'));
  await expect(section.getByLabel('Format')).toHaveValue('');
  await section.getByRole('button', { name: 'Import', exact: true }).click();

  await expect(
    section.getByText('Import finished: 5 added, 1 merged into what you had, 1 skipped.'),
  ).toBeVisible();
  await expect(section.getByRole('list', { name: 'Skipped and failed entries' })).toContainText(
    'Entry 3 Not a web address: javascript:alert(1)',
  );
  await expect(section.getByText('Bookmarks HTML', { exact: false })).toBeVisible();

  // the folders are an outliner, Reading > Rust > Async
  await page.goto('/outliners');
  await page.getByRole('link', { name: 'Reading', exact: true }).click();
  for (const text of ['Rust', 'Async', 'Async Book — Rust', 'Gardens & Walls']) {
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  }

  // the items carry their folder's name as a tag
  await page.goto(`/user/${name}?query=${encodeURIComponent('#"Async"')}`);
  await expect(
    page.getByRole('region', { name: 'Items' }).getByRole('link', { name: 'Async Book — Rust' }),
  ).toBeVisible();
});

test('importing a Raindrop CSV with highlights: they are drawn in the reader once the page is captured', async ({
  page,
}) => {
  const name = uniqueName('impr');
  await signUpByApi(page, name);
  const quote = 'Choose a container of at least twenty litres.';
  const csv = [
    'id,title,note,excerpt,url,folder,tags,created,cover,highlights,favorite',
    `1,Balcony tomatoes,,A guide,${site.url('/article.html')},Garden/Vegetables,"tomatoes, balcony",2024-01-02T03:04:05Z,,"Highlight: ${quote}
Note: twenty at least",true`,
  ].join('\n');
  await page.goto('/setting');
  const section = page.getByRole('region', { name: 'Import from another service' });
  await section
    .getByLabel('Export file')
    .setInputFiles({ name: 'raindrop.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await section.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(section.getByText('Import finished: 1 added, 0 merged into what you had.')).toBeVisible();

  const items = (await (await page.request.get('/interact_api/load_user_items')).json()).items as {
    link_id: number;
  }[];
  const linkId = items[0]!.link_id;
  await waitForCapture(page, linkId);
  await page.goto(`/user/${name}/b/${linkId}`);
  const mark = page.locator('mark[data-ann-id]');
  await expect(mark).toHaveText(quote);
});
