import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { BearerClient, makeToken } from '../../../../test/helpers/tokens.ts';
import { RATE_LIMITS } from '../../../shared/limits.ts';

// the limit as shipped (the other suites raise every limit with RATE_LIMIT_FACTOR)
let t: TestApp;
let alice: TestClient;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_FACTOR: '1' });
  alice = await t.signUp();
});
afterAll(() => t.close());

describe('a personal token', () => {
  it('is rate limited on its own: another token and the browser session keep working', async () => {
    const busy = new BearerClient(t.app, (await makeToken(alice, { scope: 'read' })).token);
    const other = new BearerClient(t.app, (await makeToken(alice, { scope: 'read' })).token);
    const library = (client: BearerClient | TestClient) =>
      client.get('/interact_api/load_user_items', { username: alice.name! });
    const { max, windowMs } = RATE_LIMITS.personalToken;
    for (let i = 0; i < max; i += 1) expect((await library(busy)).statusCode).toBe(200);
    const refused = await library(busy);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await library(other)).statusCode).toBe(200);
    expect((await library(alice)).statusCode).toBe(200);
    t.clock.advance(windowMs);
    expect((await library(busy)).statusCode).toBe(200);
  });
});
