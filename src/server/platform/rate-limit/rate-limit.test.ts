import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { RATE_LIMITS } from '../../../shared/limits.ts';
import { MSG } from '../../../shared/messages.ts';
import { DbRateStore, type Hits, MemoryRateStore } from './stores.ts';

// the limits as shipped: the other suites raise them with RATE_LIMIT_FACTOR
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: '1' });
});
afterAll(() => t.close());

function visitorPost(ip: string, url: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { origin: TEST_ORIGIN },
    payload: payload as object,
  });
}

/** Sends `count` calls and returns their status codes. */
async function statuses(count: number, call: () => Promise<{ statusCode: number }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i += 1) out.push((await call()).statusCode);
  return out;
}

function expectThrottled(res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ code: -1, message: MSG.tooManyRequests });
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('request rate limits', () => {
  it('limits feedback per address, then lets it through again after the window', async () => {
    const { max, windowMs } = RATE_LIMITS.feedback;
    const send = () => visitorPost('192.0.2.1', '/common/contact', { subject: 'Hi', message: 'Hello' });
    expect(await statuses(max, send)).toEqual(Array(max).fill(200));
    expectThrottled(await send());
    expect(
      (await visitorPost('192.0.2.2', '/common/contact', { subject: 'Hi', message: 'x' })).statusCode,
    ).toBe(200);
    t.clock.advance(windowMs);
    expect((await send()).statusCode).toBe(200);
  });

  it('limits sign-up per address, bad input included', async () => {
    const { max } = RATE_LIMITS.signUp;
    const bad = () => visitorPost('192.0.2.10', '/api/auth/sign-up', { name: 'x' });
    expect(await statuses(max, bad)).toEqual(Array(max).fill(400));
    expectThrottled(await visitorPost('192.0.2.10', '/api/auth/sign-up', { name: 'x' }));
    expect((await visitorPost('192.0.2.11', '/api/auth/sign-up', { name: 'x' })).statusCode).toBe(400);
  });

  it('limits fetch_meta per signed-in user, whatever address they call from', async () => {
    const { max } = RATE_LIMITS.fetchMeta;
    const [alice, bob] = [await t.signUp(), await t.signUp()];
    const call = (who: TestClient, ip: string) =>
      who.request({ method: 'POST', url: '/fetch_meta', remoteAddress: ip, payload: {} });
    let n = 0;
    expect(await statuses(max, () => call(alice, `198.51.100.${(n++ % 200) + 1}`))).toEqual(
      Array(max).fill(400),
    );
    expectThrottled(await call(alice, '198.51.100.250'));
    expect((await call(bob, '198.51.100.250')).statusCode).toBe(400);
  });

  it('gives every upload route one budget per user', async () => {
    const { max } = RATE_LIMITS.upload;
    const user = await t.signUp();
    const urls = ['/item/save', '/item/save/pdf', '/item/save/image', '/item/import/kindle'];
    let n = 0;
    const upload = () => user.post(urls[n++ % urls.length]!, { not: 'multipart' });
    expect(await statuses(max, upload)).not.toContain(429);
    for (const url of urls) expectThrottled(await user.post(url, {}));
  });

  it('limits not-found answers per address, and not the pages the app serves', async () => {
    const { max } = RATE_LIMITS.notFound;
    const get = (url: string, ip = '192.0.2.30') => t.app.inject({ method: 'GET', url, remoteAddress: ip });
    expect(await statuses(5, () => get('/sign-in'))).toEqual(Array(5).fill(200));
    expect(await statuses(max, () => get('/api/no-such-thing'))).toEqual(Array(max).fill(404));
    expectThrottled(await get('/wp-admin.php'));
    expect((await get('/api/no-such-thing', '192.0.2.31')).statusCode).toBe(404);
  });
});

describe.each([
  ['memory', () => new MemoryRateStore(t.clock, 3)],
  ['database', () => new DbRateStore(t.database.db, t.clock)],
])('the %s store', (_kind, make) => {
  const hit = (store: ReturnType<typeof make>, key: string, windowMs = 60_000) =>
    new Promise<Hits>((resolve, reject) =>
      store.incr(key, (err, res) => (err ? reject(err) : resolve(res!)), windowMs),
    );

  it('counts hits per key in a window and starts over after it', async () => {
    const store = make();
    const key = `k-${Math.random()}`;
    expect(await hit(store, key)).toEqual({ current: 1, ttl: 60_000 });
    t.clock.advance(20_000);
    expect(await hit(store, key)).toEqual({ current: 2, ttl: 40_000 });
    expect((await hit(store, `${key}-other`)).current).toBe(1);
    t.clock.advance(40_000);
    expect(await hit(store, key)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('counts parallel hits one by one', async () => {
    const store = make();
    const key = `p-${Math.random()}`;
    const all = await Promise.all(Array.from({ length: 40 }, () => hit(store, key)));
    expect(all.map((h) => h.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('hands every route the same store', () => {
    const store = make();
    expect(store.child()).toBe(store);
  });
});
