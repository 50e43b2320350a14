import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClient } from '../../../../test/helpers/app.ts';
import { listenLocally, openLive } from '../../../../test/helpers/live.ts';
import { POLICY_VIOLATION } from './routes.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  // long enough that a busy machine still answers each ping before the next (or it is dropped)
  t = await createTestApp({}, { livePingIntervalMs: 300 });
  base = await listenLocally(t.app);
});
afterAll(() => t.close());

// The server checks the session at each ping period and pings only when it is still active, so
// pings count the checks that passed: no wall-clock wait decides either outcome.
describe('a live socket after its session ends', () => {
  it('is closed once the user signs out in another tab', async () => {
    const tab = await t.signUp();
    const socket = await openLive(base, { client: tab });
    await socket.waitForPings(1);
    const other = new TestClient(t.app, tab.name);
    for (const [k, v] of tab.cookies) other.cookies.set(k, v);
    await other.post('/api/auth/sign-out');
    // one check may have started before the sign-out; a second passing one would be the defect
    const pingsThen = socket.pings;
    const outcome = await Promise.race([
      socket.closed,
      socket.waitForPings(pingsThen + 2).then(() => 'still pinged after the sign-out'),
    ]);
    expect(outcome).toEqual({ code: POLICY_VIOLATION, reason: 'signed out' });
  });

  it('stays open while the session lives', async () => {
    const tab = await t.signUp();
    const socket = await openLive(base, { client: tab });
    await socket.waitForPings(3);
    await socket.close();
  });
});
