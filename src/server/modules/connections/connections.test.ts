import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  TEST_ORIGIN,
  type TestApp,
  type TestClient,
  uniqueName,
} from '../../../../test/helpers/app.ts';
import { type OidcPeer, startOidcPeer } from '../../../../test/helpers/oidc-provider.ts';
import { CONNECTIONS_MSG } from '../../../shared/schemas/connections.ts';
import { TWO_FACTOR_MSG } from '../../../shared/schemas/two-factor.ts';
import { queryRows } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { PENDING_COOKIE } from '../two-factor/pending.ts';
import { codeAt, stepAt } from '../two-factor/totp.ts';

let t: TestApp;
let peer: OidcPeer;
const PROVIDER = 'Test ID';

beforeAll(async () => {
  peer = await startOidcPeer({ redirectUris: [`${TEST_ORIGIN}/account/thirdparty/openid/callback`] });
  t = await createTestApp({
    // the provider is on 127.0.0.1: the guarded fetcher refuses it otherwise
    FETCH_ALLOW_PRIVATE: '1',
    OIDC_ISSUER: peer.issuer,
    OIDC_CLIENT_ID: peer.clientId,
    OIDC_CLIENT_SECRET: peer.clientSecret,
    OIDC_NAME: PROVIDER,
  });
});
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

let n = 0;
function account(over: Partial<{ email: string; preferred_username: string; email_verified: boolean }> = {}) {
  n += 1;
  const sub = `sub-${Date.now().toString(36)}-${n}`;
  const a = { sub, email: `${sub}@idp.example`, email_verified: true, name: 'Ada Lovelace', ...over };
  peer.addAccount(a);
  return a;
}

/** Goes to the provider as `sub` and back; answers the callback's reply (a redirect). */
async function viaProvider(client: TestClient, sub: string, redirect?: string) {
  peer.signInAs(sub);
  const start = await client.get('/account/thirdparty/openid', { redirect_url: redirect });
  expect(start.statusCode).toBe(302);
  const back = await peer.authorize(String(start.headers.location));
  expect(back.pathname).toBe('/account/thirdparty/openid/callback');
  return client.get(back.pathname + back.search);
}

async function settingsOf(client: TestClient) {
  const res = await client.get('/interact_api/load_user_setting');
  expect(res.statusCode).toBe(200);
  return res.json();
}

const usersWithEmail = async (email: string) =>
  (
    await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM users WHERE lower(email) = lower(${email})`,
    )
  )[0]!.n;

describe('third-party sign-in (OpenID Connect)', () => {
  it('offers only the configured providers', async () => {
    const res = await t.visitor().get('/api/auth/providers');
    expect(res.json()).toEqual({ providers: [{ id: 'openid', name: PROVIDER }] });
    expect((await t.visitor().get('/account/thirdparty/google')).statusCode).toBe(404);
  });

  it('sends the browser to the provider with PKCE, state and nonce, keeping nothing readable', async () => {
    const visitor = t.visitor();
    const res = await visitor.get('/account/thirdparty/openid');
    const url = new URL(String(res.headers.location));
    expect(url.origin).toBe(peer.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const cookie = visitor.cookies.get('folio_oidc')!;
    expect(cookie).toMatch(/^v1\./);
    expect(cookie).not.toContain(url.searchParams.get('state')!);
  });

  it('signs a new user up with no password and a user name of its own, then signs them in again', async () => {
    const a = account({ preferred_username: 'ada' });
    const visitor = t.visitor();
    const done = await viaProvider(visitor, a.sub);
    expect(done.statusCode).toBe(302);
    const to = String(done.headers.location);
    expect(to).toMatch(/^\/user\/ada\d{3}$/);
    const s = await settingsOf(visitor);
    expect(s.name).toBe(to.slice('/user/'.length));
    expect(s.email).toBe(a.email);
    expect(s.hidePassword).toBe(true);
    expect(Object.keys(s.connections)).toEqual(['openid']);
    expect(s.connections.openid.identify).toBe(a.email);

    // the same account at the provider, another browser: the same user, no second account
    const again = t.visitor();
    expect(String((await viaProvider(again, a.sub)).headers.location)).toBe(to);
    expect((await settingsOf(again)).name).toBe(s.name);
    expect(await usersWithEmail(a.email)).toBe(1);

    // no password yet: setting one needs no current password
    const set = await again.post('/api/settings/setPassword', { current: '', new: 'newsecret1' });
    expect(set.json().code).toBe(1);
  });

  it('makes a derived user name unique', async () => {
    const first = account({ preferred_username: 'samename' });
    const second = account({ preferred_username: 'SameName' });
    expect(String((await viaProvider(t.visitor(), first.sub)).headers.location)).toBe('/user/samename');
    expect(String((await viaProvider(t.visitor(), second.sub)).headers.location)).toBe('/user/SameName2');
  });

  it('refuses to join an existing account by its e-mail address, and an unverified address', async () => {
    const name = uniqueName();
    await t.signUp({ name, email: `${name}@example.com` });
    const a = account({ email: `${name}@example.com` });
    const res = await viaProvider(t.visitor(), a.sub);
    const to = new URL(String(res.headers.location), TEST_ORIGIN);
    expect(to.pathname).toBe('/sign-in');
    expect(to.searchParams.get('error')).toBe(CONNECTIONS_MSG.emailTaken(PROVIDER));
    expect(await usersWithEmail(a.email)).toBe(1);

    const unverified = account({ email_verified: false });
    const visitor = t.visitor();
    const refused = new URL(
      String((await viaProvider(visitor, unverified.sub)).headers.location),
      TEST_ORIGIN,
    );
    expect(refused.searchParams.get('error')).toBe(CONNECTIONS_MSG.emailUnverified(PROVIDER));
    expect(await usersWithEmail(unverified.email)).toBe(0);
    expect((await visitor.get('/interact_api/load_user_setting')).statusCode).toBe(401);
  });

  it('connects the signed-in user from the Settings popup, signs them in with it, and disconnects', async () => {
    const user = await t.signUp();
    const a = account();
    const done = await viaProvider(user, a.sub, 'setting');
    expect(String(done.headers.location)).toBe('/account/connected?provider=openid');
    const s = await settingsOf(user);
    expect(s.hidePassword).toBe(false);
    expect(s.connections.openid.identify).toBe(a.email);

    const elsewhere = t.visitor();
    await viaProvider(elsewhere, a.sub);
    expect((await settingsOf(elsewhere)).name).toBe(user.name);

    // another user cannot disconnect it, nor take the same provider account
    const stranger = await t.signUp();
    const id = s.connections.openid._id;
    const theirs = await stranger.post('/api/settings/disconnectAcct', { id });
    expect(theirs.statusCode).toBe(404);
    const taken = new URL(
      String((await viaProvider(stranger, a.sub, 'setting')).headers.location),
      TEST_ORIGIN,
    );
    expect(taken.pathname).toBe('/account/connected');
    expect(taken.searchParams.get('error')).toBe(CONNECTIONS_MSG.takenByOther(PROVIDER));
    expect((await settingsOf(stranger)).connections).toEqual({});
    expect((await settingsOf(user)).connections.openid._id).toBe(id);

    expect((await user.post('/api/settings/disconnectAcct', { id: 'x' })).statusCode).toBe(400);
    const off = await user.post('/api/settings/disconnectAcct', { id });
    expect(off.json()).toEqual({ code: 1, message: CONNECTIONS_MSG.disconnected(PROVIDER) });
    expect((await settingsOf(user)).connections).toEqual({});
    // now the provider account is nobody's: it signs up a user of its own
    const fresh = t.visitor();
    await viaProvider(fresh, a.sub);
    expect((await settingsOf(fresh)).name).not.toBe(user.name);
  });

  it('refuses to disconnect the only way to sign in', async () => {
    const a = account();
    const visitor = t.visitor();
    await viaProvider(visitor, a.sub);
    const id = (await settingsOf(visitor)).connections.openid._id;
    const refused = await visitor.post('/api/settings/disconnectAcct', { id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(CONNECTIONS_MSG.onlySignIn);
    expect((await settingsOf(visitor)).connections.openid._id).toBe(id);

    await visitor.post('/api/settings/setPassword', { current: '', new: 'secret456' });
    expect((await visitor.post('/api/settings/disconnectAcct', { id })).json().code).toBe(1);
  });

  it('refuses a callback whose state does not match, or that no flow of this browser started', async () => {
    const a = account();
    const visitor = t.visitor();
    peer.signInAs(a.sub);
    const start = await visitor.get('/account/thirdparty/openid');
    const back = await peer.authorize(String(start.headers.location));
    back.searchParams.set('state', 'forged-state');
    const forged = await visitor.get(back.pathname + back.search);
    const to = new URL(String(forged.headers.location), TEST_ORIGIN);
    expect(to.pathname).toBe('/sign-in');
    expect(to.searchParams.get('error')).toBe(CONNECTIONS_MSG.notVerified(PROVIDER));
    expect((await visitor.get('/interact_api/load_user_setting')).statusCode).toBe(401);
    expect(await usersWithEmail(a.email)).toBe(0);

    // a genuine answer brought to another browser (no flow cookie) is refused too
    peer.signInAs(a.sub);
    const other = await t.visitor().get('/account/thirdparty/openid');
    const genuine = await peer.authorize(String(other.headers.location));
    const stolen = t.visitor();
    const res = await stolen.get(genuine.pathname + genuine.search);
    expect(new URL(String(res.headers.location), TEST_ORIGIN).searchParams.get('error')).toBe(
      CONNECTIONS_MSG.expired,
    );
    expect((await stolen.get('/interact_api/load_user_setting')).statusCode).toBe(401);
  });

  const errorOf = (res: { headers: Record<string, unknown> }) => {
    const to = new URL(String(res.headers.location), TEST_ORIGIN);
    expect(to.pathname).toBe('/sign-in');
    return to.searchParams.get('error');
  };

  it.each([
    ['signed with another key (forged)', { forged: true }],
    ['for another client (audience)', { claims: { aud: 'another-client' } }],
    ['from another issuer', { claims: { iss: 'https://evil.example' } }],
    [
      'expired',
      { claims: { exp: Math.floor(Date.now() / 1000) - 3600, iat: Math.floor(Date.now() / 1000) - 7200 } },
    ],
    ['of another sign-in (nonce)', { claims: { nonce: 'nonce-of-another-sign-in' } }],
  ] as const)('refuses an ID token %s, signing nobody in', async (_, change) => {
    const a = account();
    const visitor = t.visitor();
    peer.signInAs(a.sub);
    const start = await visitor.get('/account/thirdparty/openid');
    const back = await peer.authorize(String(start.headers.location));
    peer.tamperNextIdToken(change);
    const res = await visitor.get(back.pathname + back.search);
    expect(errorOf(res)).toBe(CONNECTIONS_MSG.notVerified(PROVIDER));
    expect((await visitor.get('/interact_api/load_user_setting')).statusCode).toBe(401);
    expect(await usersWithEmail(a.email)).toBe(0);
  });

  it('refuses a replayed callback, flow cookie and all, without asking the provider again', async () => {
    const a = account();
    const visitor = t.visitor();
    peer.signInAs(a.sub);
    const start = await visitor.get('/account/thirdparty/openid');
    const flowCookie = visitor.cookies.get('folio_oidc')!;
    const back = await peer.authorize(String(start.headers.location));
    const first = await visitor.get(back.pathname + back.search);
    expect(String(first.headers.location)).toMatch(/^\/user\//);
    const asked = peer.tokenRequests;

    // the same answer and cookie again, as one copied from the browser or a log would be
    const replayer = t.visitor();
    replayer.cookies.set('folio_oidc', flowCookie);
    const replay = await replayer.get(back.pathname + back.search);
    expect(errorOf(replay)).toBe(CONNECTIONS_MSG.used);
    expect(peer.tokenRequests).toBe(asked);
    expect((await replayer.get('/interact_api/load_user_setting')).statusCode).toBe(401);
  });

  it('refuses to connect from the popup without a session', async () => {
    const res = await t.visitor().get('/account/thirdparty/openid', { redirect_url: 'setting' });
    const to = new URL(String(res.headers.location), TEST_ORIGIN);
    expect(to.pathname).toBe('/account/connected');
    expect(to.searchParams.get('error')).toBe(CONNECTIONS_MSG.signInAgain);
  });
});

describe('the Settings popup', () => {
  it('keeps its opener: Settings allows popups, the popup pages do not cut it', async () => {
    const user = await t.signUp();
    const setting = await user.get('/setting');
    expect(setting.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const start = await user.get('/account/thirdparty/openid', { redirect_url: 'setting' });
    expect(start.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect((await user.get('/account/connected')).headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect((await user.get('/sign-in')).headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('third-party sign-in with two-factor on', () => {
  const codeNow = (secret: string) => codeAt(secret, stepAt(t.clock.now()));

  /** A password user with two-factor on and the provider account connected from Settings. */
  async function twoFactorUser() {
    const name = uniqueName();
    const user = await t.signUp({ name });
    const setup = (await user.post('/api/settings/two-factor/setup')).json();
    const on = await user.post('/api/settings/two-factor/enable', { code: codeNow(setup.secret) });
    expect(on.statusCode).toBe(200);
    t.clock.advance(30_000);
    // connecting from Settings while signed in asks for no code
    const a = account();
    const connected = await viaProvider(user, a.sub, 'setting');
    expect(String(connected.headers.location)).toBe('/account/connected?provider=openid');
    return { name, sub: a.sub, secret: setup.secret as string, recoveryCodes: on.json().recoveryCodes };
  }

  /** The provider's answer for a user with two-factor on: the code step, and no session. */
  async function providerStep(sub: string) {
    const browser = t.visitor();
    const back = await viaProvider(browser, sub);
    const to = new URL(String(back.headers.location), TEST_ORIGIN);
    expect(to.pathname).toBe('/sign-in');
    expect(to.searchParams.get('two_factor')).toBe('1');
    expect(back.cookies.map((c) => c.name)).not.toContain('folio_session');
    expect(browser.cookies.has('folio_session')).toBe(false);
    expect((await browser.get('/interact_api/load_user_setting')).statusCode).toBe(401);
    const pending = browser.cookies.get(PENDING_COOKIE);
    expect(pending).toBeTruthy();
    // the pending sign-in rides in an httpOnly cookie for the code call only, never in the address
    const cookie = back.cookies.find((c) => c.name === PENDING_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.path).toBe('/api/auth/two-factor');
    expect(String(back.headers.location)).not.toContain(pending!);
    return { browser, pending: pending! };
  }

  it('opens no session at the callback; a right code does, a wrong one does not', async () => {
    const { name, sub, secret } = await twoFactorUser();
    const { browser } = await providerStep(sub);

    const wrong = await browser.post('/api/auth/two-factor', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(TWO_FACTOR_MSG.codeWrong);
    expect((await browser.get('/interact_api/load_user_setting')).statusCode).toBe(401);

    const code = codeNow(secret);
    const ok = await browser.post('/api/auth/two-factor', { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ code: 1, name });
    expect((await settingsOf(browser)).name).toBe(name);
    expect(browser.cookies.has(PENDING_COOKIE)).toBe(false);

    // the same code again, after the provider once more, is refused
    const again = await providerStep(sub);
    expect((await again.browser.post('/api/auth/two-factor', { code })).statusCode).toBe(400);
  });

  it('takes a recovery code once after the provider', async () => {
    const { sub, recoveryCodes } = await twoFactorUser();
    const first = await providerStep(sub);
    expect((await first.browser.post('/api/auth/two-factor', { code: recoveryCodes[0] })).statusCode).toBe(
      200,
    );
    const second = await providerStep(sub);
    expect((await second.browser.post('/api/auth/two-factor', { code: recoveryCodes[0] })).statusCode).toBe(
      400,
    );
    expect((await second.browser.get('/interact_api/load_user_setting')).statusCode).toBe(401);
  });

  it('keeps the pending sign-in to its user: another user’s code or a changed user id signs nobody in', async () => {
    const alice = await twoFactorUser();
    const bob = await twoFactorUser();
    const { browser, pending } = await providerStep(alice.sub);

    for (const code of [codeNow(bob.secret), bob.recoveryCodes[0]]) {
      const res = await browser.post('/api/auth/two-factor', { code });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(TWO_FACTOR_MSG.codeWrong);
    }
    const [bobRow] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.name, bob.name));
    const [, expires, nonce, mac] = pending.split('.');
    const forged = `${bobRow!.id}.${expires}.${nonce}.${mac}`;
    const thief = t.visitor();
    thief.cookies.set(PENDING_COOKIE, forged);
    const asBob = await thief.post('/api/auth/two-factor', { code: codeNow(bob.secret) });
    expect(asBob.statusCode).toBe(400);
    expect(asBob.json().message).toBe(TWO_FACTOR_MSG.signInExpired);
    expect((await thief.get('/interact_api/load_user_setting')).statusCode).toBe(401);
    expect((await browser.get('/interact_api/load_user_setting')).statusCode).toBe(401);

    // the pending sign-in lasts five minutes
    t.clock.advance(5 * 60_000 + 1);
    const late = await browser.post('/api/auth/two-factor', { code: codeNow(alice.secret) });
    expect(late.json().message).toBe(TWO_FACTOR_MSG.signInExpired);
  });
});
