import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { openUserMenu, signIn, signUpByApi, uniqueName } from './seed.ts';

/** What an authenticator app shows for the secret, `ahead` 30-second steps from now. */
function appCode(secret: string, ahead = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + ahead * 30_000 });
}

test('turn on two-factor sign-in, sign out, and sign in with the password then a code', async ({ page }) => {
  const name = uniqueName('totp');
  await signUpByApi(page, name);
  await page.goto('/setting');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

  const secret = (await section.locator('code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(section.getByRole('link', { name: 'Open in an authenticator app' })).toHaveAttribute(
    'href',
    new RegExp(`^otpauth://totp/Folio:${name}\\?.*secret=${secret}`),
  );
  // the QR code is drawn on the page: no image is fetched, so the secret goes to no one
  const qr = section.getByRole('img', { name: 'QR code of the authenticator link' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
  expect(
    await new AxeBuilder({ page }).include('section[aria-labelledby="two-factor-h"]').analyze(),
  ).toHaveProperty('violations', []);

  await section.getByLabel('Code from the app').fill(appCode(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codes = section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('Recovery codes left: 10')).toBeVisible();

  await (await openUserMenu(page)).getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');

  await signIn(page, name, 'secret123');
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  // the password alone gave no session
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Enter the current code from your app, or a recovery code.',
  );
  // the next step's code: the one used to turn it on is never taken twice, and a step ahead is
  // still within the window the server accepts
  await page.getByLabel('Code').fill(appCode(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`/user/${name}`);
  await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
});
