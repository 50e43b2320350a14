import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from '../../../../test/helpers/app.ts';
import { listenLocally, openLive } from '../../../../test/helpers/live.ts';
import { POLICY_VIOLATION } from './routes.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({}, { livePingIntervalMs: 100 });
  base = await listenLocally(t.app);
});
afterAll(() => t.close());

describe('a live socket after its session ends', () => {
  it('is closed once the user signs out in another tab', async () => {
    const tab = await t.signUp();
    const socket = await openLive(base, { client: tab });
    const other = new TestClient(t.app, tab.name);
    for (const [k, v] of tab.cookies) other.cookies.set(k, v);
    await other.post('/api/auth/sign-out');
    expect(await socket.closed).toEqual({ code: POLICY_VIOLATION, reason: 'signed out' });
  });

  it('stays open while the session lives', async () => {
    const tab = await t.signUp();
    const socket = await openLive(base, { client: tab });
    const outcome = await Promise.race([
      socket.closed.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('open'), 500)),
    ]);
    expect(outcome).toBe('open');
    await socket.close();
  });
});
