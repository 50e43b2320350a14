import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { startTestSite, type TestSite } from '../test/helpers/test-site.ts';
import { saveBookmark, waitForCapture } from './helpers.ts';
import { appOrigin, signUp, uniqueName } from './seed.ts';

// Pages come from a real HTTP server on 127.0.0.1 (the app runs with FETCH_ALLOW_PRIVATE=1 for this).
let site: TestSite;
test.describe.configure({ timeout: 90_000 });
test.beforeAll(async () => {
  site = await startTestSite();
});
test.afterAll(async () => {
  await site.close();
});

const row = (page: Page, title: string) => page.locator('article', { hasText: title });

/** Uploads a PDF through the API, as the add dialog does. */
async function uploadPdf(page: Page, file: string): Promise<number> {
  const origin = appOrigin();
  const res = await page.request.post('/item/save/pdf', {
    headers: { origin },
    multipart: {
      file: { name: 'two-pages.pdf', mimeType: 'application/pdf', buffer: readFileSync(file) },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).items[0].link_id;
}

/** The row's cover picture has loaded (it is decorative: found by its place, not a name). */
async function coverLoaded(page: Page, title: string, src: RegExp) {
  const img = row(page, title).locator('[data-cover] img');
  await expect(img).toHaveAttribute('src', src);
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
}

test("rows show a page's stored cover, its site's icon and a PDF's first page; the view is kept", async ({
  page,
  context,
}) => {
  const name = uniqueName('covers');
  await signUp(page, name);
  const article = await saveBookmark(page, { url: site.url('/article.html'), title: 'Tomatoes' });
  await waitForCapture(page, article.link_id);
  const pdf = await uploadPdf(page, 'test/fixtures/uploads/two-pages.pdf');
  await expect
    .poll(async () => {
      const res = await page.request.get(`/interact_api/load_user_item?link_id=${pdf}`);
      return (await res.json()).items[0].thumbnail_url;
    })
    .toMatch(/\/thumb\/550$/);

  await page.reload();
  // the cover comes from our store, never from the site
  await coverLoaded(page, 'Tomatoes', /^\/api\/files\/pages\/\d+\/[\w-]{22}\.jpg$/);
  await coverLoaded(page, 'two-pages.pdf', new RegExp(`/api/files/items/${pdf}/thumb/160$`));

  // compact rows show the site's icon
  await page.getByRole('button', { name: 'Compact list' }).click();
  await expect(page.getByRole('button', { name: 'Compact list' })).toHaveAttribute('aria-pressed', 'true');
  const icon = row(page, 'Tomatoes').locator('[data-cover="icon"] img');
  await expect(icon).toHaveAttribute(
    'src',
    `/api/favicons/${encodeURIComponent(new URL(site.url('/')).host)}`,
  );
  await expect
    .poll(() => icon.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);

  // cards, kept in a cookie across a reload
  await page.getByRole('button', { name: 'Cards' }).click();
  await coverLoaded(page, 'two-pages.pdf', new RegExp(`/api/files/items/${pdf}/thumb/550$`));
  expect((await context.cookies()).find((c) => c.name === 'layout')?.value).toBe('cards');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');
  await coverLoaded(page, 'Tomatoes', /^\/api\/files\/pages\//);

  // the README's picture: the library with covers
  if (process.env.SCREENSHOT) {
    await page.getByRole('button', { name: 'List with covers' }).click();
    await page.screenshot({ path: process.env.SCREENSHOT });
  }
});
