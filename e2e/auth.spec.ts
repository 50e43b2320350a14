import { expect, test } from '@playwright/test';
import { openUserMenu, SEEDED, signIn, signUp, signUpWithForm, uniqueName } from './seed.ts';

test('signing up lands on the new library', async ({ page }) => {
  const name = uniqueName('reader');
  await signUpWithForm(page, name);
  await expect(page).toHaveURL(`/user/${name}`);
  await expect(page).toHaveTitle('Library');
  await expect(page.getByRole('heading', { level: 1, name: 'Library' })).toBeVisible();
  await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Upgrade' })).toBeVisible();
});

test('signing out returns to the welcome page as a visitor', async ({ page }) => {
  await signUp(page, uniqueName('leaver'));
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Account menu for/ })).toHaveCount(0);
});

test('signing in with a user name lands on the library', async ({ page }) => {
  const name = uniqueName('returner');
  await signUpWithForm(page, name);
  await (await openUserMenu(page)).getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();

  await signIn(page, name, 'secret123');
  await expect(page).toHaveURL(`/user/${name}`);
  await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
});

test('a wrong password shows the spec message', async ({ page }) => {
  await signIn(page, 'nobody-here', 'wrong-password');
  await expect(page.getByRole('alert')).toHaveText('Incorrect username, email or password.');
  await expect(page).toHaveURL('/sign-in');
});

test('a bad user name is warned at its field before anything is sent', async ({ page }) => {
  let sent = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/sign-up')) sent = true;
  });
  await page.goto('/sign-up?plan=standard');
  await page.getByLabel('Username').fill('1bad');
  await page.getByLabel('Email').fill('bad@example.com');
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Sign up' }).click();

  const field = page.getByLabel('Username');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(
    'Username must have 6 - 16 characters, begin with a letter, and no special characters.',
  );
  await expect(page).toHaveURL('/sign-up?plan=standard');
  await expect(page.getByRole('link', { name: 'Sign in', exact: true }).last()).toHaveAttribute(
    'href',
    '/sign-in?plan=standard',
  );
  expect(sent).toBe(false);
});

test('a taken user name shows the server message at its field', async ({ page, request }) => {
  const name = uniqueName('taken');
  const created = await request.post('/api/auth/sign-up', {
    data: { name, email: `${name}@example.com`, password: 'secret123' },
    headers: { 'x-folio-csrf': '1' },
  });
  expect(created.ok()).toBe(true);

  await page.goto('/sign-up');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Email').fill(`other-${name}@example.com`);
  await page.getByLabel('Password').fill('secret123');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByLabel('Username')).toHaveAccessibleDescription('The username has been used.');
  await expect(page).toHaveURL('/sign-up');
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go home' }).click();
  await expect(page).toHaveURL('/');
});

test("signing out fetches none of the previous user's queries again", async ({ page }) => {
  await signIn(page, SEEDED.premium.name, SEEDED.premium.password);
  await expect(page.getByRole('button', { name: `Account menu for ${SEEDED.premium.name}` })).toBeVisible();
  // a full-text search is premium only: fetched again as a visitor it answered 402
  const fullText = page.waitForResponse(
    (r) => r.url().includes('load_user_items') && r.url().includes('snapshot=yes'),
  );
  await page.goto(`/user/${SEEDED.premium.name}?what=anything&snapshot=yes`);
  expect((await fullText).status()).toBe(200);

  const afterSignOut: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('load_user_items')) afterSignOut.push(request.url());
  });
  const visitorInfo = page.waitForResponse(
    async (r) => r.url().includes('load_user_info') && !(await r.json()).name,
  );
  await (await openUserMenu(page)).getByRole('menuitem', { name: 'Sign Out' }).click();
  await visitorInfo;
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(afterSignOut).toEqual([]);
});
