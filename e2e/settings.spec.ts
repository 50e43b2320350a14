import path from 'node:path';
import { expect, test } from '@playwright/test';
import { mailWith } from './helpers.ts';
import { openUserMenu, signIn, signUp, signUpByApi, uniqueName } from './seed.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../test/fixtures/uploads');

test('change the avatar and the display name, and see them in the header', async ({ page }) => {
  const name = uniqueName('avatar');
  await signUpByApi(page, name);
  await page.goto('/setting');
  await expect(page).toHaveTitle('Settings');
  const headings = page.getByRole('heading', { level: 2 });
  await expect(headings).toHaveText([
    'Profile',
    'Connections',
    'Account',
    'Active sessions',
    'Preferences',
    'Outliner',
    'Import from another service',
    'Developer',
    'Rules',
    'Premium',
    'Delete Account',
  ]);

  await page.getByLabel(/Change avatar/).setInputFiles(path.join(FIXTURES, 'photo.jpg'));
  await expect(page.getByText('You have changed your avatar')).toBeVisible();
  const header = page.getByRole('button', { name: `Account menu for ${name}` }).locator('img');
  await expect(header).toHaveAttribute('src', /^\/api\/files\/avatars\/\d+\/[\w-]+\.png\?v=\d{1,3}$/);

  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByRole('button', { name: 'SAVE' }).click();
  await expect(page.getByText('Change real name successfully.')).toBeVisible();
  const menu = await openUserMenu(page);
  await expect(menu.getByText('Ada Lovelace')).toBeVisible();
});

test('change the password and sign in with the new one', async ({ page }) => {
  const name = uniqueName('passwd');
  await signUpByApi(page, name);
  await page.goto('/setting');
  await page.getByLabel('Current password').fill('secret123');
  await page.getByLabel('New password', { exact: true }).fill('newsecret1');
  await page.getByLabel('Repeat new password').fill('newsecret1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('You have changed your password successfully.')).toBeVisible();
  await (await openUserMenu(page)).getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await signIn(page, name, 'newsecret1');
  await expect(page).toHaveURL(`/user/${name}`);
});

test('a forgotten password is reset through the mailed link', async ({ page }) => {
  const name = uniqueName('forgot');
  await signUp(page, name);
  await (await openUserMenu(page)).getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // the sign-in form's "Username or email" also answers to the label Email: fill once the form has gone
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot password?' })).toBeVisible();
  await page.getByLabel('Email').fill(`${name}@example.com`);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toHaveText(/If an account uses this address/);
  const raw = await mailWith(`To: ${name}@example.com`, '/reset-password?token=');
  const link = raw.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)![0];
  await page.goto(new URL(link).pathname + new URL(link).search);
  await page.getByLabel('New password').fill('resetsecret1');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been reset.');
  await signIn(page, name, 'resetsecret1');
  await expect(page).toHaveURL(`/user/${name}`);
});

test('delete the account after the password and the user name typed, go home, and fail to sign in', async ({
  page,
}) => {
  const name = uniqueName('deleter');
  await signUpByApi(page, name);
  await page.goto('/setting');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Please enter your password.')).toBeVisible();
  await page.getByLabel(`Type your user name, ${name}, to confirm`).fill(name);
  await page.getByLabel('Password', { exact: true }).last().fill('wrong-one');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your password is incorrect.')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).last().fill('secret123');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account and everything in it have been deleted.')).toBeVisible();
  await page.waitForURL('/');
  await signIn(page, name, 'secret123');
  await expect(page.getByRole('alert')).toHaveText('Incorrect username, email or password.');
});
