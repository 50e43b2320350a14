import { expect, test } from '@playwright/test';
import { articlePage, type PagePeer, startPagePeer } from '../test/helpers/page-peer.ts';
import { apiPost, saveBookmark, waitForCapture } from './helpers.ts';
import { signUpByApi, uniqueName } from './seed.ts';

const KEPT = 'Rain barrels fill in a single storm and water the beds for a week.';
const STAYS = [
  `${KEPT} A lid keeps the mosquitoes out and the water clean enough for seedlings.`,
  'Mulch holds the moisture in the soil and keeps the roots cool through the hottest weeks of August.',
  'Drip lines on a timer use a third of the water a sprinkler does, and the leaves stay dry.',
];
const OLD = [
  ...STAYS,
  'Watering at noon wastes most of it to the sun, so the old advice was to water at dusk.',
];
const NEW = [
  'Newer research says morning watering is best: leaves dry before the evening chill sets in.',
  ...STAYS,
];

let site: PagePeer;
test.beforeAll(async () => {
  site = await startPagePeer('127.0.0.1');
  site.set('/gone', { status: 200, html: articlePage('Seed swap listings', STAYS) });
  site.set('/changes', { status: 200, html: articlePage('Watering the garden', OLD) });
});
test.afterAll(() => site.close());

test('Broken links: a gone page and a changed one, its differences, and Update copy keeping the highlight', async ({
  page,
}) => {
  const name = uniqueName('health');
  await signUpByApi(page, name);
  const gone = (await saveBookmark(page, { url: site.url('/gone'), title: 'Seed swap listings' })).link_id;
  const changed = (await saveBookmark(page, { url: site.url('/changes'), title: 'Watering the garden' }))
    .link_id;
  await waitForCapture(page, gone);
  await waitForCapture(page, changed);

  // a highlight on the saved copy, made in the reader
  await page.goto(`/user/${name}/b/${changed}`);
  const article = page.getByRole('article', { name: 'Page text' });
  await expect(article).toContainText(KEPT);
  await page.evaluate((phrase) => {
    const walker = document.createTreeWalker(
      document.querySelector('article[aria-label="Page text"]')!,
      NodeFilter.SHOW_TEXT,
    );
    for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
      const at = n.data.indexOf(phrase);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + phrase.length);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
      n.parentElement!.dispatchEvent(new PointerEvent('pointerup', { bubbles: true }));
      return;
    }
  }, KEPT);
  await page
    .getByRole('toolbar', { name: 'Highlight selection' })
    .getByRole('button', { name: 'Blue' })
    .click();
  await expect(article.locator('mark[class*="blue"]')).toHaveText(KEPT);

  // the site changes: one page goes, the other is rewritten; both are checked now
  site.set('/gone', { status: 404 });
  site.set('/changes', { status: 200, html: articlePage('Watering the garden', NEW) });
  expect((await apiPost(page, `/api/items/${gone}/check`, {})).state).toBe('gone');
  expect((await apiPost(page, `/api/items/${changed}/check`, {})).state).toBe('changed');

  await page.goto(`/user/${name}`);
  const filters = page.getByRole('navigation', { name: 'Library filters' });
  await filters.getByRole('link', { name: 'Broken links' }).click();
  await expect(page).toHaveURL(/health=broken/);
  await expect(page.locator('article')).toHaveCount(1);
  await page
    .locator('article', { hasText: 'Seed swap listings' })
    .getByRole('link', { name: 'Seed swap listings' })
    .first()
    .click();
  const health = page.getByRole('region', { name: 'Link health' });
  await expect(health).toContainText('The page is gone');
  await expect(health.getByRole('link', { name: 'Look it up in the Wayback Machine' })).toHaveAttribute(
    'href',
    `https://web.archive.org/web/*/${site.url('/gone')}`,
  );
  // the saved copy still opens
  await expect(article).toContainText('Mulch holds the moisture');

  await page.goto(`/user/${name}?health=changed`);
  await page
    .locator('article', { hasText: 'Watering the garden' })
    .getByRole('link', { name: 'Watering the garden' })
    .first()
    .click();
  await health.getByRole('button', { name: 'View changes' }).click();
  const changes = page.getByRole('dialog', { name: 'Changed since saved' });
  await expect(changes.getByRole('region', { name: 'Saved copy' }).locator('del')).toContainText(
    'Watering at noon',
  );
  await expect(changes.getByRole('region', { name: 'The page now' }).locator('ins')).toContainText(
    'Newer research',
  );
  await changes.getByRole('button', { name: 'Update copy' }).click();
  await expect(changes).toBeHidden();
  await expect(article).toContainText('Newer research says morning watering');
  // the highlight moved with its sentence onto the new copy
  await expect(article.locator('mark[class*="blue"]')).toHaveText(KEPT);
  await expect(health).toContainText('Link works');
  // the old copy stays, to switch to
  await health.getByRole('combobox').selectOption({ index: 1 });
  await expect(article).toContainText('Watering at noon');
});
