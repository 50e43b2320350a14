import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../../../test/helpers/app.ts';
import { MSG } from '../../../shared/messages.ts';
import { THROTTLE_LIMITS, THROTTLE_WINDOW_MS } from '../../platform/auth/throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function signInFrom(ip: string, name_or_email: string, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN },
    payload: { name_or_email, password },
  });
}

describe('sign-in throttling', () => {
  it('stops one address guessing one account, without locking the owner out elsewhere', async () => {
    const owner = await t.signUp({ password: 'owner-pass' });
    for (let i = 0; i < THROTTLE_LIMITS.accountIp; i += 1) {
      expect((await signInFrom('10.0.0.1', owner.name!, 'guess')).statusCode).toBe(400);
    }
    const blocked = await signInFrom('10.0.0.1', owner.name!, 'owner-pass');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ code: -1, message: MSG.signInThrottled });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    expect((await signInFrom('10.0.0.2', owner.name!, 'owner-pass')).statusCode).toBe(200);

    t.clock.advance(THROTTLE_WINDOW_MS + 1000);
    expect((await signInFrom('10.0.0.1', owner.name!, 'owner-pass')).statusCode).toBe(200);
  });

  it('limits one address spraying many accounts', async () => {
    for (let i = 0; i < THROTTLE_LIMITS.ip; i += 1) {
      expect((await signInFrom('10.0.0.9', `nobody${i}`, 'guess')).statusCode).toBe(400);
    }
    expect((await signInFrom('10.0.0.9', 'someone-else', 'guess')).statusCode).toBe(429);
    expect((await signInFrom('10.0.0.10', 'someone-else', 'guess')).statusCode).toBe(400);
  });

  it('throttles an unknown account exactly like a known one', async () => {
    for (let i = 0; i < THROTTLE_LIMITS.accountIp; i += 1)
      await signInFrom('10.0.1.1', 'ghost-user', 'guess');
    expect((await signInFrom('10.0.1.1', 'ghost-user', 'guess')).statusCode).toBe(429);
  });
});
