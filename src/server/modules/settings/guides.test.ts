import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('guides seen, kept on the account', () => {
  it('a guide seen in one browser is seen in every new one, and only for that user', async () => {
    const alice = await t.signUp();
    const bob = await t.signUp();
    expect((await alice.get('/api/settings/guides')).json()).toEqual({ seen: [] });

    const mark = await alice.post('/api/settings/guides', { guide: 'library' });
    expect(mark.statusCode).toBe(200);
    expect(mark.json()).toMatchObject({ code: 1 });
    // twice is the same as once
    await alice.post('/api/settings/guides', { guide: 'library' });

    // a new browser: no cookies, a new session
    const elsewhere = t.visitor();
    const signIn = await elsewhere.post('/api/auth/sign-in', {
      name_or_email: alice.name,
      password: 'secret123',
    });
    expect(signIn.statusCode).toBe(200);
    expect((await elsewhere.get('/api/settings/guides')).json()).toEqual({ seen: ['library'] });
    expect((await bob.get('/api/settings/guides')).json()).toEqual({ seen: [] });
  });

  it('refuses an unknown or empty guide with 400 naming the field, and a visitor with 401', async () => {
    const c = await t.signUp();
    for (const guide of ['nope', '', 5]) {
      const res = await c.post('/api/settings/guides', { guide });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'guide' });
    }
    expect((await c.get('/api/settings/guides')).json()).toEqual({ seen: [] });
    expect((await t.visitor().get('/api/settings/guides')).statusCode).toBe(401);
    expect((await t.visitor().post('/api/settings/guides', { guide: 'library' })).statusCode).toBe(401);
  });
});
