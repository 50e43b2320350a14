import AxeBuilder from '@axe-core/playwright';
import { expect, request, test } from '@playwright/test';
import { saveBookmark } from './helpers.ts';
import { appOrigin, signUpByApi, uniqueName } from './seed.ts';

test('make a token in Settings, copy it, list the library with it, then revoke it', async ({ page }) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = uniqueName('dev');
  await signUpByApi(page, name);
  await saveBookmark(page, { url: 'https://example.com/token-journey', title: 'Reached by token' });

  await page.goto('/setting');
  const section = page.getByRole('region', { name: 'Developer' });
  await expect(section.getByText('No tokens yet.')).toBeVisible();
  const form = section.getByRole('form', { name: 'Make a token' });
  await form.getByLabel('Name').fill('Phone shortcut');
  await form.getByLabel('Scope').selectOption('read');
  await form.getByLabel('Expiry').selectOption('30');
  await form.getByRole('button', { name: 'Make token' }).click();

  const shown = section.getByTestId('new-token');
  await expect(shown).toHaveText(/^folio_pat_/);
  await section.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('Copied to clipboard!')).toBeVisible();
  const token = await page.evaluate(() => navigator.clipboard.readText());
  expect(token).toBe(await shown.textContent());
  // the assistant's set-up is filled in with it while it is on screen
  await expect(section.getByText(`"Authorization": "Bearer ${token}"`)).toBeVisible();
  await expect(section.getByTestId('mcp-url')).toHaveText(`${appOrigin()}/mcp`);
  expect(
    await new AxeBuilder({ page }).include('section[aria-labelledby="developer-h"]').analyze(),
  ).toHaveProperty('violations', []);

  // a script holding only the token: no cookie, no origin
  const script = await request.newContext({ baseURL: appOrigin() });
  const library = () =>
    script.get(`/interact_api/load_user_items?username=${name}`, {
      headers: { authorization: `Bearer ${token}` },
    });
  const listed = await library();
  expect(listed.status()).toBe(200);
  expect((await listed.json()).items.map((i: { title: string }) => i.title)).toEqual(['Reached by token']);

  await section.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toHaveCount(0);
  const row = section.getByRole('list', { name: 'Your tokens' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Phone shortcut');
  await expect(row).toContainText('read');
  // the call just made shows as its last use (the list is read again when the page is)
  await page.reload();
  await expect(row.locator('dd').last()).not.toHaveText('Never');

  await row.getByRole('button', { name: 'Revoke Phone shortcut' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke token?' });
  await confirm.getByRole('button', { name: 'Revoke' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(section.getByText('No tokens yet.')).toBeVisible();
  expect((await library()).status()).toBe(401);
  await script.dispose();
});
