import { expect, test } from '@playwright/test';
import { apiPost, pageSite, saveBookmark, selectText, waitForCapture } from './helpers.ts';
import { openUserMenu, signUpByApi, uniqueName } from './seed.ts';

/**
 * Reading offline (issue 32): with the network off the installed shell loads, the kept items open
 * in the reader with their highlights, a highlight made offline reaches the server when the network
 * returns, and after sign-out nothing of the user is readable on the device.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'allow' });

const site = pageSite(`<!doctype html><html><head><title>Lighthouses</title></head><body><article>
<h1>Lighthouses of the coast</h1>
<p>The keeper climbed the stairs at dusk to light the lamp for the ships at sea.</p>
<p>Fog rolled in from the west and the horn sounded through the long night.</p>
<p>By morning the fishing boats came home safely to the harbour wall.</p>
</article></body></html>`);

test('kept items open offline with their highlights; an offline highlight is sent later; sign-out leaves nothing', async ({
  page,
  context,
}) => {
  const name = uniqueName('offline');
  await signUpByApi(page, name);
  const item = await saveBookmark(page, {
    url: `${site.url}/lighthouses`,
    title: 'Lighthouses of the coast',
    unread: true,
  });
  await waitForCapture(page, item.link_id);
  await apiPost(page, '/annotation_mana/add_annotation', {
    link_id: item.link_id,
    shape: 0,
    content: 'light the lamp for the ships at sea',
    selector: JSON.stringify([{ type: 'TextQuoteSelector', exact: 'light the lamp for the ships at sea' }]),
  });

  // online: the service worker installs and the app keeps the newest unread items on the device
  await page.goto(`/user/${name}`);
  await expect(page.locator('html[data-offline-kept="1"]')).toHaveCount(1, { timeout: 30_000 });

  await context.setOffline(true);
  await page.goto(`/user/${name}`);
  await expect(page.getByRole('status').filter({ hasText: 'Offline' })).toBeVisible();
  await page.getByRole('link', { name: 'Lighthouses of the coast' }).first().click();
  const article = page.getByRole('article', { name: 'Page text' });
  await expect(article).toContainText('Fog rolled in from the west');
  await expect(article.locator('mark', { hasText: 'light the lamp' }).first()).toBeVisible();

  // a highlight made offline shows at once, waits in the queue, and reaches the server later
  await selectText(page, 'article[aria-label="Page text"]', 'the horn sounded through the long night');
  await page
    .getByRole('toolbar', { name: 'Highlight selection' })
    .getByRole('button', { name: 'Green' })
    .click();
  await expect(article.locator('mark', { hasText: 'the horn sounded' }).first()).toBeVisible();
  await context.setOffline(false);
  await expect
    .poll(async () => {
      const reply = await page.request.get(`/interact_api/load_user_item?link_id=${item.link_id}`);
      return ((await reply.json()).items[0].annotations as { content: string }[])
        .map((a) => a.content)
        .sort();
    })
    .toEqual(['light the lamp for the ships at sea', 'the horn sounded through the long night']);

  // sign-out on a shared phone: offline, nothing of the user opens any more
  await (await openUserMenu(page)).getByRole('menuitem', { name: 'Sign Out' }).click();
  await page.waitForURL('/');
  expect(
    await page.evaluate(async () => (await caches.keys()).filter((n) => n.startsWith('folio-data-'))),
  ).toEqual([]);
  await context.setOffline(true);
  await page.goto(`/user/${name}/b/${item.link_id}`);
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.getByText('Fog rolled in from the west')).toHaveCount(0);
  await page.goto(`/user/${name}`);
  await expect(page.getByRole('link', { name: 'Lighthouses of the coast' })).toHaveCount(0);
  await context.setOffline(false);
});
