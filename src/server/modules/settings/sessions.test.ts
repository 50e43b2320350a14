import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueName } from '../../../../test/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('active sessions', () => {
  it("lists the account's sessions and signs out one or all others, never another user's", async () => {
    const name = uniqueName();
    const a = await t.signUp({ name });
    const second = t.visitor();
    const third = t.visitor();
    for (const c of [second, third])
      await c.post(
        '/api/auth/sign-in',
        { name_or_email: name, password: 'secret123' },
        { 'user-agent': 'Phone' },
      );
    const stranger = await t.signUp();
    const list = (await a.get('/api/settings/sessions')).json();
    expect(list.sessions).toHaveLength(3);
    expect(list.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const phone = list.sessions.find((s: { device: string }) => s.device === 'Phone');

    expect((await stranger.post('/api/settings/endSession', { id: phone.id })).statusCode).toBe(404);
    expect((await a.post('/api/settings/endSession', { id: 'x' })).statusCode).toBe(400);
    expect((await a.post('/api/settings/endSession', { id: phone.id })).json().code).toBe(1);
    expect((await a.get('/api/settings/sessions')).json().sessions).toHaveLength(2);

    expect((await a.post('/api/settings/endOtherSessions')).json().code).toBe(1);
    expect((await second.get('/interact_api/load_user_setting')).statusCode).toBe(401);
    expect((await third.get('/interact_api/load_user_setting')).statusCode).toBe(401);
    expect((await a.get('/api/settings/sessions')).json().sessions).toHaveLength(1);
    expect((await stranger.get('/api/settings/sessions')).json().sessions).toHaveLength(1);
  });
});
