import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  TEST_ORIGIN,
  type TestApp,
  TestClient,
  uniqueName,
} from '../../../../test/helpers/app.ts';
import { MSG } from '../../../shared/messages.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function userCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users`);
  return row!.n;
}

describe('sign-up', () => {
  it('creates the account, starts a session and lands signed in', async () => {
    const client = t.visitor();
    const name = uniqueName('Reader');
    const res = await client.post('/api/auth/sign-up', {
      name,
      email: `${name}@example.com`,
      password: 'secret123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, name });
    const cookie = res.cookies.find((c) => c.name === 'folio_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.secure).toBeFalsy();
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const info = (await client.get('/interact_api/load_user_info')).json();
    expect(info.name).toBe(name);
    expect(info.email).toBe(`${name}@example.com`);
  });

  it('stores an argon2id hash, never the password or the token', async () => {
    const client = await t.signUp({ password: 'plain-text-pw' });
    const [row] = await queryRows<{ password_hash: string }>(
      t.database.db,
      sql`SELECT password_hash FROM users WHERE name = ${client.name!}`,
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const token = client.cookies.get('folio_session')!;
    const sessions = await queryRows<{ token_hash: string }>(
      t.database.db,
      sql`SELECT token_hash FROM sessions`,
    );
    expect(sessions.some((s) => s.token_hash.includes(token))).toBe(false);
  });

  const badNames = [
    'short',
    '1abcdef',
    'abc def1',
    'abcdefghijklmnopq',
    'user!name',
    'ab.cdefg',
    '_abcdef',
    '',
  ];
  it.each(badNames)('refuses the username %j with the spec message and writes nothing', async (name) => {
    const before = await userCount();
    const res = await t
      .visitor()
      .post('/api/auth/sign-up', { name, email: 'x@example.com', password: 'secret123' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: -1, message: MSG.usernameRule, field: 'name' });
    expect(await userCount()).toBe(before);
  });

  it.each(['abcdef', 'a-b_c1', 'abcdefghijklmnop'])(
    'accepts the username %j (6-16, letter first)',
    async (name) => {
      const res = await t
        .visitor()
        .post('/api/auth/sign-up', { name: `${name}`, email: `${name}@example.org`, password: 'secret123' });
      expect(res.statusCode).toBe(200);
    },
  );

  it.each(['plain', 'a@b', 'a@b.c', 'a@b.c1', 'a b@c.com', '@example.com'])(
    'refuses the e-mail %j',
    async (email) => {
      const res = await t
        .visitor()
        .post('/api/auth/sign-up', { name: uniqueName(), email, password: 'secret123' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: MSG.emailInvalid, field: 'email' });
    },
  );

  it.each(['12345', 'x'.repeat(33), ''])('refuses a password of length %#', async (password) => {
    const res = await t
      .visitor()
      .post('/api/auth/sign-up', { name: uniqueName(), email: `${uniqueName()}@example.com`, password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: MSG.passwordRule, field: 'password' });
  });

  it('accepts passwords of exactly 6 and 32 characters', async () => {
    for (const password of ['123456', 'y'.repeat(32)]) {
      const name = uniqueName();
      const res = await t
        .visitor()
        .post('/api/auth/sign-up', { name, email: `${name}@example.com`, password });
      expect(res.statusCode).toBe(200);
    }
  });

  it('treats names and e-mails as unique regardless of case', async () => {
    const name = uniqueName('Dup');
    await t.signUp({ name, email: `${name}@Example.com` });
    const sameName = await t.visitor().post('/api/auth/sign-up', {
      name: name.toUpperCase(),
      email: 'other@example.com',
      password: 'secret123',
    });
    expect(sameName.statusCode).toBe(400);
    expect(sameName.json()).toMatchObject({ message: MSG.usernameUsed, field: 'name' });
    const sameEmail = await t.visitor().post('/api/auth/sign-up', {
      name: uniqueName(),
      email: `${name.toLowerCase()}@EXAMPLE.COM`,
      password: 'secret123',
    });
    expect(sameEmail.statusCode).toBe(400);
    expect(sameEmail.json()).toMatchObject({ message: MSG.emailUsed, field: 'email' });
  });

  it.each([
    ['no body', undefined],
    ['an array', [1, 2]],
    ['numbers', { name: 12345678, email: 5, password: 7 }],
    ['nulls', { name: null, email: null, password: null }],
    ['a huge name', { name: 'a'.repeat(100_000), email: 'a@b.co', password: 'secret123' }],
  ])('answers 400, never 500, for %s', async (_label, payload) => {
    const res = await t.visitor().post('/api/auth/sign-up', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(-1);
    expect(typeof res.json().message).toBe('string');
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await t.visitor().request({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: -1, message: 'The request body is not valid JSON.' });
  });
});

describe('sign-in and sign-out', () => {
  it('signs in by name or e-mail, case-insensitively, with a new token each time', async () => {
    const name = uniqueName('Signer');
    const first = await t.signUp({ name, password: 'correct-horse' });
    const firstToken = first.cookies.get('folio_session');
    for (const id of [name, name.toUpperCase(), `${name}@example.com`.toUpperCase()]) {
      const client = new TestClient(t.app);
      const res = await client.post('/api/auth/sign-in', { name_or_email: id, password: 'correct-horse' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ code: 1, name });
      expect(client.cookies.get('folio_session')).not.toBe(firstToken);
    }
  });

  it('replaces the session the browser already had (no fixation)', async () => {
    const client = await t.signUp({ password: 'secret123' });
    const before = client.cookies.get('folio_session')!;
    await client.post('/api/auth/sign-in', { name_or_email: client.name, password: 'secret123' });
    const after = client.cookies.get('folio_session')!;
    expect(after).not.toBe(before);
    const stale = new TestClient(t.app);
    stale.cookies.set('folio_session', before);
    expect((await stale.get('/interact_api/load_user_info')).json().name).toBeNull();
  });

  it('gives a wrong password and an unknown user the same answer', async () => {
    const client = await t.signUp();
    const wrong = await t
      .visitor()
      .post('/api/auth/sign-in', { name_or_email: client.name, password: 'nope-nope' });
    const unknown = await t
      .visitor()
      .post('/api/auth/sign-in', { name_or_email: 'nobody-here', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ code: -1, message: MSG.signInFailed });
  });

  it.each([undefined, {}, { name_or_email: '', password: '' }, { name_or_email: ['x'], password: {} }])(
    'answers 400 for bad sign-in input %j',
    async (payload) => {
      const res = await t.visitor().post('/api/auth/sign-in', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(-1);
    },
  );

  it('invalidates the session on the server at sign-out', async () => {
    const client = await t.signUp();
    const token = client.cookies.get('folio_session')!;
    const res = await client.post('/api/auth/sign-out');
    expect(res.statusCode).toBe(200);
    expect(client.cookies.has('folio_session')).toBe(false);
    const replay = new TestClient(t.app);
    replay.cookies.set('folio_session', token);
    expect((await replay.get('/interact_api/load_user_info')).json().name).toBeNull();
  });

  it('ends a session after the idle timeout and after the absolute timeout', async () => {
    const idle = await t.signUp();
    t.clock.advance(t.config.sessionIdleMs + 1000);
    expect((await idle.get('/interact_api/load_user_info')).json().name).toBeNull();

    const busy = await t.signUp();
    const step = t.config.sessionIdleMs / 2;
    for (let elapsed = 0; elapsed < t.config.sessionAbsoluteMs - step; elapsed += step) {
      t.clock.advance(step);
      expect((await busy.get('/interact_api/load_user_info')).json().name).toBe(busy.name);
    }
    t.clock.advance(step + 1000);
    expect((await busy.get('/interact_api/load_user_info')).json().name).toBeNull();
  });
});

describe('requests from another origin', () => {
  it('refuses unsafe methods from another origin with 403 and changes nothing', async () => {
    const before = await userCount();
    const name = uniqueName();
    const res = await t
      .visitor()
      .post(
        '/api/auth/sign-up',
        { name, email: `${name}@example.com`, password: 'secret123' },
        { origin: 'https://evil.example' },
      );
    expect(res.statusCode).toBe(403);
    expect(await userCount()).toBe(before);
  });

  it('refuses a cross-site request without Origin, and accepts the CSRF header from scripts', async () => {
    const app = t.app;
    const noOrigin = await app.inject({ method: 'POST', url: '/api/auth/sign-out' });
    expect(noOrigin.statusCode).toBe(403);
    const crossSite = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    const withHeader = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { 'x-folio-csrf': '1' },
    });
    expect(withHeader.statusCode).toBe(200);
  });

  it('does not change state on GET', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/sign-out',
      headers: { origin: TEST_ORIGIN },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('user info', () => {
  it('returns no name for a visitor', async () => {
    const res = await t.visitor().get('/interact_api/load_user_info');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: null, adsInfo: { showAds: true, adPosition: 3, searchAds: 2 } });
  });

  it('returns the spec shape with the free plan quotas', async () => {
    const client = await t.signUp();
    const info = (await client.get('/interact_api/load_user_info')).json();
    expect(info).toMatchObject({
      name: client.name,
      firstName: '',
      lastName: '',
      real_name: client.name,
      teacher: false,
      premium: {
        isPremium: false,
        servicePlan: 'free',
        planUnit: null,
        nextBillingDate: null,
        expireTime: null,
      },
      adsInfo: { showAds: true },
      permissions: {
        pdf: true,
        image: true,
        annPermission: { annotationPermission: true, annotationQuota: 100, annotationUsedCount: 0 },
        imagePermission: { imageQuota: 100, imageUsedCount: 0 },
        pdfPermission: { pdfQuota: 100, pdfUsedCount: 0 },
        outlinerPermission: { outlinerPermission: true, outlinerQuota: 3, outlinerUsedCount: 0 },
        cachedPagePermission: { cachedPageQuota: 500, cachedPageUsedCount: 0 },
      },
      isEducationDomain: false,
      showCompany: false,
      showClassic: false,
    });
    expect(info.regist_at).toBe(Math.floor(info.regist_at));
    expect(Math.abs(info.regist_at - Date.now() / 1000)).toBeLessThan(120);
    expect(typeof info.avatar_url).toBe('string');
  });

  it('flags education domains', async () => {
    const name = uniqueName('Student');
    const client = await t.signUp({ name, email: `${name}@cs.school.edu` });
    expect((await client.get('/interact_api/load_user_info')).json().isEducationDomain).toBe(true);
  });
});

describe('cookies on https', () => {
  it('uses the __Host- prefix and Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://folio.example' });
    try {
      const name = uniqueName();
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers: { origin: 'https://folio.example' },
        payload: { name, email: `${name}@example.com`, password: 'secret123' },
      });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === '__Host-folio_session')!;
      expect(cookie.secure).toBe(true);
      expect(cookie.path).toBe('/');
      expect(cookie.domain).toBeUndefined();
    } finally {
      await secure.close();
    }
  });
});
