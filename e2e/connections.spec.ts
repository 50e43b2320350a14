import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { type OidcPeer, startOidcPeer } from '../test/helpers/oidc-provider.ts';
import { apiPost } from './helpers.ts';
import { openUserMenu, signUp, signUpByApi, uniqueName } from './seed.ts';

// the app is started knowing this issuer (OIDC_* in playwright.config.ts): one peer on that port,
// so this file's journeys run in one worker, in order, while the other files run beside them
test.describe.configure({ mode: 'default' });

const PORT = Number(process.env.E2E_PORT ?? 3211);
const PEER_PORT = Number(process.env.E2E_OIDC_PORT ?? 3499);

let peer: OidcPeer;
test.beforeAll(async () => {
  peer = await startOidcPeer({
    port: PEER_PORT,
    redirectUris: [`http://127.0.0.1:${PORT}/account/thirdparty/openid/callback`],
  });
});
test.afterAll(async () => {
  await peer?.close();
});

function providerAccount(prefix: string) {
  const username = uniqueName(prefix);
  const sub = `sub-${username}`;
  peer.addAccount({
    sub,
    email: `${username}@idp.example`,
    email_verified: true,
    preferred_username: username,
  });
  peer.signInAs(sub);
  return { username, sub, email: `${username}@idp.example` };
}

test('sign up through an OpenID provider, and keep the only way in', async ({ page }) => {
  const who = providerAccount('oidc');
  await page.goto('/sign-up');
  await page.getByRole('button', { name: 'Continue with Test ID' }).click();
  await page.waitForURL(`/user/${who.username}`);

  await page.goto('/setting');
  const section = page.getByRole('region', { name: 'Connections' });
  await expect(section.getByText(`Test ID · ${who.email}`)).toBeVisible();
  await section.getByRole('button', { name: 'Disconnect' }).click();
  await expect(section.getByRole('alert')).toHaveText(
    'Disconnect your Test ID account fail. This account is your only way to sign in. Set a password or connect another account before disconnecting it.',
  );
  await expect(section.getByText(`Test ID · ${who.email}`)).toBeVisible();
});

test('connect an account from the Settings popup, then disconnect it', async ({ page }) => {
  const name = uniqueName('conn');
  await signUpByApi(page, name);
  const who = providerAccount('idp');
  await page.goto('/setting');
  const section = page.getByRole('region', { name: 'Connections' });
  await expect(section.getByText('Test ID · not connected')).toBeVisible();
  const popupOpened = page.waitForEvent('popup');
  await section.getByRole('button', { name: 'Connect' }).click();
  const popup = await popupOpened;
  await popup.waitForEvent('close');
  await expect(section.getByRole('status')).toHaveText('Your Test ID account is connected.');
  await expect(section.getByText(`Test ID · ${who.email}`)).toBeVisible();

  await section.getByRole('button', { name: 'Disconnect' }).click();
  await expect(section.getByRole('status')).toHaveText('Your Test ID account is disconnected.');
  await expect(section.getByText('Test ID · not connected')).toBeVisible();
});

test('signing in through the provider asks for the two-factor code', async ({ page }) => {
  const name = uniqueName('oidc2fa');
  await signUp(page, name);
  const setup = await apiPost(page, '/api/settings/two-factor/setup', {});
  const totp = new TOTP({
    secret: Secret.fromBase32(setup.secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  });
  await apiPost(page, '/api/settings/two-factor/enable', { code: totp.generate() });

  // connecting from Settings while signed in asks for no code
  const who = providerAccount('idp2fa');
  await page.goto('/setting');
  const section = page.getByRole('region', { name: 'Connections' });
  const popupOpened = page.waitForEvent('popup');
  await section.getByRole('button', { name: 'Connect' }).click();
  await (await popupOpened).waitForEvent('close');
  await expect(section.getByText(`Test ID · ${who.email}`)).toBeVisible();
  await (await openUserMenu(page)).getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');

  peer.signInAs(who.sub);
  await page.goto('/sign-in');
  await page.getByRole('button', { name: 'Continue with Test ID' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(page).toHaveURL('/sign-in?two_factor=1');
  // the provider's answer alone gave no session
  expect((await (await page.request.get('/interact_api/load_user_info')).json()).name).toBeNull();
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'That code is not right. Enter the current code from your app, or a recovery code.',
  );
  // the next step's code: the one that turned it on is never taken twice
  await page.getByLabel('Code').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(`/user/${name}`);
  await expect(page.getByRole('button', { name: `Account menu for ${name}` })).toBeVisible();
});
