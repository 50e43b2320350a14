import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { MSG } from '../../../shared/messages.ts';
import { authThrottle } from '../../db/schema.ts';
import { delayAfter, THROTTLE_POLICIES } from '../../platform/auth/throttle.ts';

const ACCOUNT = THROTTLE_POLICIES.account;
const PROXY = '10.9.9.9';

// behind one proxy: the client address is the last X-Forwarded-For entry the proxy appended
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
});
afterAll(() => t.close());

function signInFrom(ip: string, name_or_email: string, password: string, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress: PROXY,
    headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    payload: { name_or_email, password },
  });
}

/** The browser's device cookie, as a Cookie header. */
function deviceCookie(client: TestClient): string {
  const [name, value] = [...client.cookies].find(([k]) => k.endsWith('folio_device'))!;
  return `${name}=${value}`;
}

let attackerIp = 0;
/** One guess from a fresh address each time; a refused guess waits out its Retry-After and tries again. */
async function guessFromRotatingAddresses(name: string, guesses: number): Promise<number> {
  let evaluated = 0;
  while (evaluated < guesses) {
    attackerIp += 1;
    const res = await signInFrom(`203.0.${attackerIp >> 8}.${attackerIp & 255}`, name, 'wrong-guess');
    if (res.statusCode === 429) t.clock.advance(Number(res.headers['retry-after']) * 1000);
    else {
      expect(res.statusCode).toBe(400);
      evaluated += 1;
    }
  }
  return evaluated;
}

describe('sign-in throttling', () => {
  it('lets the owner keep signing in from a known browser while an attacker rotates addresses', async () => {
    const owner = await t.signUp({ password: 'owner-pass' });
    const known = deviceCookie(owner);
    const start = t.clock.now().getTime();
    await guessFromRotatingAddresses(owner.name!, 20);
    // 20 guesses past the 5 free ones took the attacker hours of growing waits
    let waited = 0;
    for (let n = ACCOUNT.free; n < 20; n += 1) waited += delayAfter(n, ACCOUNT);
    expect(t.clock.now().getTime() - start).toBeGreaterThanOrEqual(waited);

    // the correct password from a browser the account never used waits like the attacker
    const stranger = await signInFrom('198.51.100.7', owner.name!, 'owner-pass');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toEqual({ code: -1, message: MSG.signInThrottled });

    // the owner's own browser signs in at once, from any address, by name or e-mail
    expect((await signInFrom('198.51.100.7', owner.name!, 'owner-pass', known)).statusCode).toBe(200);
    const byEmail = await signInFrom('192.0.2.44', `${owner.name}@example.com`, 'owner-pass', known);
    expect(byEmail.statusCode).toBe(200);
  });

  it('does not honour a forged or another account’s device cookie', async () => {
    const owner = await t.signUp({ password: 'owner-pass' });
    const other = await t.signUp();
    const [cookieName, value] = deviceCookie(owner).split('=') as [string, string];
    const forged = `${cookieName}=${value.replace(/^\d+/, (id) => String(Number(id) + 1))}`;
    await guessFromRotatingAddresses(owner.name!, ACCOUNT.free);
    for (const cookie of [forged, deviceCookie(other)]) {
      expect((await signInFrom('198.51.100.8', owner.name!, 'owner-pass', cookie)).statusCode).toBe(429);
    }
  });

  it('counts the name and the e-mail of one account as one', async () => {
    const owner = await t.signUp({ password: 'owner-pass' });
    for (let i = 0; i < ACCOUNT.free; i += 1) {
      const id = i % 2 ? owner.name! : `${owner.name!.toUpperCase()}@EXAMPLE.COM`;
      expect((await signInFrom(`192.0.2.${i + 1}`, id, 'guess')).statusCode).toBe(400);
    }
    const next = await signInFrom('192.0.2.99', owner.name!, 'guess');
    expect(next.statusCode).toBe(429);
    expect(Number(next.headers['retry-after'])).toBe(delayAfter(ACCOUNT.free, ACCOUNT) / 1000);
  });

  it('grows the delay with each failure instead of locking, and forgets after a quiet day', async () => {
    const owner = await t.signUp({ password: 'owner-pass' });
    await guessFromRotatingAddresses(owner.name!, ACCOUNT.free);
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await signInFrom('192.0.2.200', owner.name!, 'guess');
      expect(res.statusCode).toBe(429);
      waits.push(Number(res.headers['retry-after']));
      t.clock.advance(waits[i]! * 1000);
      expect((await signInFrom('192.0.2.200', owner.name!, 'guess')).statusCode).toBe(400);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // after the wait the correct password goes through, and the count starts over
    t.clock.advance(16_000);
    expect((await signInFrom('192.0.2.201', owner.name!, 'owner-pass')).statusCode).toBe(200);
    expect((await signInFrom('192.0.2.201', owner.name!, 'guess')).statusCode).toBe(400);
    expect((await signInFrom('192.0.2.201', owner.name!, 'guess')).statusCode).toBe(400);
  });

  it('throttles an unknown name exactly like a known one', async () => {
    const owner = await t.signUp();
    const statuses = async (name: string, ip: string) => {
      const out: number[] = [];
      for (let i = 0; i <= ACCOUNT.free; i += 1) out.push((await signInFrom(ip, name, 'guess')).statusCode);
      return out;
    };
    const known = await statuses(owner.name!, '192.0.2.210');
    expect(await statuses('ghost-user-x', '192.0.2.211')).toEqual(known);
    expect(known.at(-1)).toBe(429);
  });

  it('limits one address spraying many accounts without locking those accounts elsewhere', async () => {
    const victim = await t.signUp({ password: 'victim-pass' });
    const sprayer = '198.51.100.66';
    for (let i = 0; i < THROTTLE_POLICIES.address.free; i += 1) {
      expect((await signInFrom(sprayer, `nobody${i}`, 'guess')).statusCode).toBe(400);
    }
    expect((await signInFrom(sprayer, victim.name!, 'victim-pass')).statusCode).toBe(429);
    expect((await signInFrom('198.51.100.67', victim.name!, 'victim-pass')).statusCode).toBe(200);
  });

  it('takes the address the proxy saw, not one the client wrote into X-Forwarded-For', async () => {
    await signInFrom('6.6.6.6, 192.0.2.77', 'spoof-check', 'guess');
    const keys = (await t.database.db.select({ key: authThrottle.key }).from(authThrottle)).map((r) => r.key);
    expect(keys).toContain('ip:192.0.2.77');
    expect(keys).not.toContain('ip:6.6.6.6');
  });

  it('counts every one of 60 parallel wrong attempts: only the free ones are evaluated', async () => {
    const owner = await t.signUp({ password: 'owner-pass' });
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signInFrom(`203.0.200.${i}`, owner.name!, 'guess')),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 400)).toHaveLength(ACCOUNT.free);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - ACCOUNT.free);
  });
});
