import { expect, test } from '@playwright/test';
import { type OidcPeer, startOidcPeer } from '../test/helpers/oidc-provider.ts';
import { signUp, uniqueName } from './seed.ts';

// the app is started knowing this issuer (OIDC_* in playwright.config.ts)
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
  return { username, email: `${username}@idp.example` };
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
  await signUp(page, name);
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
