import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptKey, CARDS, cardFields, payByCard } from '../../../../test/factories/premium.ts';
import { createTestApp, type TestApp, TestClient } from '../../../../test/helpers/app.ts';
import { freshDatabase } from '../../../../test/helpers/database.ts';
import { PREMIUM_MSG } from '../../../shared/schemas/premium.ts';
import { type Database, openPostgres, queryRows } from '../../db/client.ts';
import { SandboxGateway } from '../../platform/payments/sandbox.ts';

/**
 * One purchase per user at a time (issue 27): parallel submits with different idempotency keys,
 * through two app instances on one database, reach the card once.
 */
let a: TestApp;
let b: TestApp;
const sandbox = new SandboxGateway();
beforeAll(async () => {
  const database = await freshDatabase();
  // the second instance: its own pool on PostgreSQL; on PGlite the same database, closed by the first
  const second: Database = database.url
    ? await openPostgres(database.url, 4)
    : { ...database, close: async () => {} };
  a = await createTestApp({}, { database, payments: sandbox });
  b = await createTestApp({}, { database: second, payments: sandbox });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

/** The same signed-in user on the other instance. */
const onB = (c: TestClient) => {
  const other = new TestClient(b.app, c.name);
  for (const [k, v] of c.cookies) other.cookies.set(k, v);
  return other;
};
const userId = async (c: TestClient) =>
  Number(
    (await queryRows<{ id: string }>(a.database.db, sql`SELECT id FROM users WHERE name = ${c.name!}`))[0]!
      .id,
  );
/** What the card holder sees: the charges the payment peer made for the user (refunded or not). */
const chargesOf = async (c: TestClient) => {
  const prefix = `${await userId(c)}:`;
  return [...sandbox.charges.values()].filter((ch) => ch.idempotencyKey.startsWith(prefix));
};

describe('one purchase per user at a time', () => {
  it('ten parallel payments with different keys on two instances charge the card once', async () => {
    const c = await a.signUp();
    const other = onB(c);
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? other : c).post('/api/premium/payment', {
          service_plan: 'standard',
          plan: 'premium1month',
          method: 'credit',
          famount: '5',
          idempotency_key: attemptKey(),
          ...cardFields(CARDS.visa),
        }),
      ),
    );
    const bodies = replies.map((r) => r.json());
    expect(bodies.filter((r) => r.status === 1)).toHaveLength(1);
    for (const r of bodies.filter((x) => x.status !== 1)) {
      expect([PREMIUM_MSG.inProgress, PREMIUM_MSG.alreadyPremium]).toContain(r.message);
    }
    const charges = await chargesOf(c);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.refundedCents).toBe(0);
    // the lock is given back: the next purchase is not refused as in progress
    const later = await c.post('/api/premium/upgrade', {
      splan: 'Professional',
      unit: 'month',
      idempotency_key: attemptKey(),
    });
    expect(later.json().message).not.toBe(PREMIUM_MSG.inProgress);
  });

  it('six parallel upgrades with different keys charge the fee once', async () => {
    const c = await a.signUp();
    expect((await payByCard(c, { plan: 'standard', term: 'premium1year' })).json().status).toBe(1);
    const paid = (await chargesOf(c)).length;
    const other = onB(c);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? other : c).post('/api/premium/upgrade', {
          splan: 'Professional',
          unit: 'year',
          idempotency_key: attemptKey(),
        }),
      ),
    );
    expect(replies.map((r) => r.json()).filter((r) => r.status === 1)).toHaveLength(1);
    const charges = (await chargesOf(c)).slice(paid);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.refundedCents).toBe(0);
  });

  it('two approved PayPal checkouts returned in parallel capture one', async () => {
    const c = await a.signUp();
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const started = await c.post('/api/premium/payment', {
        service_plan: 'standard',
        plan: 'premium1month',
        method: 'paypal',
      });
      const token = new URL(started.json().redirect_to, 'http://x').searchParams.get('token')!;
      const approved = await c.request({
        method: 'POST',
        url: `/premium/paypal/approve?token=${token}&choice=approve`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
      expect(approved.statusCode).toBe(303);
      tokens.push(token);
    }
    const landed = await Promise.all(
      tokens.map((token, i) => (i ? onB(c) : c).get(`/api/premium/paypal/return?token=${token}`)),
    );
    expect(landed.map((r) => r.headers.location)).toContain('/premium?status=success');
    // the PayPal charges carry the checkout's token as their key
    const captured = [...sandbox.charges.values()].filter((ch) =>
      tokens.some((token) => ch.idempotencyKey === `paypal:${token}`),
    );
    expect(captured).toHaveLength(1);
    expect(captured[0]!.refundedCents).toBe(0);
  });
});
