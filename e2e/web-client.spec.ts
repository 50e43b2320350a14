import { expect, type Page, test } from '@playwright/test';
import { liveSocketOpen } from './helpers.ts';
import { appOrigin, signUp, uniqueName } from './seed.ts';

/** Saves through the API with the page's session. */
async function save(page: Page, data: Record<string, unknown>) {
  const origin = appOrigin();
  const res = await page.request.post('/item/save/bookmark', { data, headers: { origin } });
  expect(res.ok()).toBe(true);
  return (await res.json()).items[0] as { link_id: number; title: string };
}

test('one live connection for the signed-in app, kept while moving between pages', async ({ page }) => {
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  const name = uniqueName('live');
  await signUp(page, name);
  // the list has loaded empty and the socket is open: the saves can only arrive through it
  await expect(page.getByText('Whoops! No item yet')).toBeVisible();
  await liveSocketOpen(page);
  await save(page, { url: 'https://example.org/one', title: 'First page' });
  await save(page, { url: 'https://example.org/two', title: 'Second page', tags: 'two' });
  await expect.poll(() => sockets.length).toBe(1);

  const rows = page.locator('article');
  // the socket's message shows the saves without a reload
  await expect(rows).toHaveCount(2);
  await rows.filter({ hasText: 'First page' }).getByRole('link', { name: 'First page' }).first().click();
  await expect(page).toHaveURL(/\/b\/\d+/);
  await page.goBack();
  await expect(rows).toHaveCount(2);
  await page.getByRole('link', { name: 'All tags' }).click();
  await expect(page).toHaveURL(/\/tags/);
  await page.goBack();
  await expect(rows).toHaveCount(2);

  // still the same connection, and it still delivers: a save elsewhere shows up here
  await save(page, { url: 'https://example.org/three', title: 'Third page' });
  await expect(rows).toHaveCount(3);
  expect(sockets).toHaveLength(1);
});

test('no page breaks the content security policy (zod runs jitless)', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto('/sign-up');
  // a form validated by a shared zod schema
  await page.getByRole('button', { name: 'Sign up' }).click();
  const name = uniqueName('csp');
  await signUp(page, name);
  const item = await save(page, { url: 'https://example.org/csp', title: 'Policy page', tags: 'csp' });
  await page.goto(`/user/${name}`);
  await expect(page.getByRole('link', { name: 'Policy page' }).first()).toBeVisible();
  await page.goto(`/user/${name}/b/${item.link_id}`);
  await expect(page.getByRole('heading', { name: 'Policy page' }).first()).toBeVisible();
  await page.goto(`/user/${name}/tags`);
  await expect(page.getByRole('link', { name: 'csp' }).first()).toBeVisible();
  expect(violations).toEqual([]);
});
