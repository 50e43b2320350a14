import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueName } from '../../../../test/helpers/app.ts';
import { linkIn } from '../../../../test/helpers/mail-links.ts';
import { RESET_PASSWORD_TTL_MS } from './tokens.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const signIn = (name: string, password: string) =>
  t.visitor().post('/api/auth/sign-in', { name_or_email: name, password });

describe('forgotten password', () => {
  it('mails a single-use link that sets a new password and ends every session', async () => {
    const name = uniqueName();
    const c = await t.signUp({ name });
    const email = `${name}@example.com`.toLowerCase();
    const sent = t.inbox.length;
    const res = await t.visitor().post('/api/auth/forgot-password', { email });
    expect(res.json()).toEqual({
      code: 1,
      message: 'If an account uses this address, we have sent it a link to reset the password.',
    });
    expect(t.inbox.length).toBe(sent + 1);
    const { url } = linkIn(t.inbox, email, '/reset-password?token=');
    const token = url.searchParams.get('token')!;
    const reset = await t.visitor().post('/api/auth/reset-password', { token, password: 'brandnew1' });
    expect(reset.json().code).toBe(1);
    expect((await c.get('/interact_api/load_user_setting')).statusCode).toBe(401);
    expect((await signIn(name, 'brandnew1')).statusCode).toBe(200);
    expect((await signIn(name, 'secret123')).statusCode).toBe(400);
    const again = await t.visitor().post('/api/auth/reset-password', { token, password: 'another12' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This link is no longer valid. Please ask for a new one.');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const sent = t.inbox.length;
    const res = await t.visitor().post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      'If an account uses this address, we have sent it a link to reset the password.',
    );
    expect(t.inbox.length).toBe(sent);
    expect(
      (await t.visitor().post('/api/auth/forgot-password', { email: 'not an address' })).statusCode,
    ).toBe(400);
  });

  it('refuses an expired link, and a weak password without using the link', async () => {
    const name = uniqueName();
    await t.signUp({ name });
    const email = `${name}@example.com`.toLowerCase();
    await t.visitor().post('/api/auth/forgot-password', { email });
    const token = linkIn(t.inbox, email, '/reset-password?token=').url.searchParams.get('token')!;
    const weak = await t.visitor().post('/api/auth/reset-password', { token, password: 'abc' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe('Your password should be at least 6 characters, and not over 32.');
    t.clock.advance(RESET_PASSWORD_TTL_MS + 1000);
    const late = await t.visitor().post('/api/auth/reset-password', { token, password: 'brandnew1' });
    expect(late.statusCode).toBe(400);
    expect((await signIn(name, 'secret123')).statusCode).toBe(200);
  });
});
