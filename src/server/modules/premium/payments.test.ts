import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptKey, CARDS, cardFields, payByCard } from '../../../../test/factories/premium.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { PREMIUM_MSG } from '../../../shared/schemas/premium.ts';
import { queryRows } from '../../db/client.ts';
import { SandboxGateway } from '../../platform/payments/sandbox.ts';

let t: TestApp;
const sandbox = new SandboxGateway();
beforeAll(async () => {
  t = await createTestApp({}, { payments: sandbox });
});
afterAll(async () => {
  await t?.close();
});

const info = async (c: TestClient) => {
  const res = await c.get('/interact_api/load_user_premium_info');
  expect(res.statusCode).toBe(200);
  return res.json();
};
const userRow = async (c: TestClient) =>
  (
    await queryRows<{ id: number; plan: string; plan_unit: string | null; next_billing_at: Date | null }>(
      t.database.db,
      sql`SELECT id, plan, plan_unit, next_billing_at FROM users WHERE name = ${c.name!}`,
    )
  )[0]!;
const ledgerOf = async (c: TestClient) =>
  queryRows<{ kind: string; purpose: string; amount_cents: number }>(
    t.database.db,
    sql`SELECT kind, purpose, amount_cents FROM ledger WHERE user_id = (SELECT id FROM users WHERE name = ${c.name!}) ORDER BY id`,
  );
const countRows = async (table: string) =>
  Number(
    (await queryRows<{ n: string }>(t.database.db, sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]!.n,
  );

describe('premium info', () => {
  it('answers a signed-out visitor with the list prices', async () => {
    const i = await info(t.visitor());
    expect(i).toMatchObject({
      signedIn: false,
      servicePlan: 'free',
      discount: 0,
      standard: { monthPrice: 5, yearPrice: 40, canUpgradeTo: false },
      professional: { monthPrice: 6, yearPrice: 59 },
      basic: { monthPrice: null, yearPrice: 10 },
    });
  });
});

describe('pay by card', () => {
  it('each accepted test card buys the plan at once, stores only token, brand, last 4 and expiry', async () => {
    for (const [card, plan] of [
      [CARDS.visa, 'standard'],
      [CARDS.mastercard, 'professional'],
      [CARDS.amex, 'basic'],
      [CARDS.discover, 'standard'],
    ] as const) {
      const c = await t.signUp();
      const res = await payByCard(c, { plan, card });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 1, redirect_to: '/premium?status=success', message: '' });
      const u = await userRow(c);
      expect(u.plan).toBe(plan);
      expect(u.plan_unit).toBe('year');
      const i = await info(c);
      expect(i.servicePlan).toBe(plan);
      expect(i.creditCardNum).toBe(`**** **** **** ${card.replace(/\D/g, '').slice(-4)}`);
      expect(i.method).toBe('card');
      const [stored] = await queryRows<Record<string, unknown>>(
        t.database.db,
        sql`SELECT * FROM subscriptions WHERE user_id = ${u.id}`,
      );
      expect(JSON.stringify(stored)).not.toContain(card.replace(/\D/g, '').slice(0, 12));
      expect(stored).toMatchObject({
        method: 'card',
        last4: card.replace(/\D/g, '').slice(-4),
        exp_month: 12,
        exp_year: 2040,
      });
      // the plan takes effect at once: user info says premium
      const me = (await c.get('/interact_api/load_user_setting')).json();
      expect(me.premium).toMatchObject({ isPremium: true, servicePlan: plan, paymentMethod: 'card' });
    }
  });

  it('a declined card, insufficient funds and an unsupported brand answer their messages and change nothing', async () => {
    for (const [card, message] of [
      [CARDS.declined, PREMIUM_MSG.declined],
      [CARDS.insufficient, PREMIUM_MSG.insufficientFunds],
      [CARDS.jcb, PREMIUM_MSG.cardTypeUnsupported],
      ['4242 4242 4242 4241', PREMIUM_MSG.cardInvalid],
    ] as const) {
      const c = await t.signUp();
      const res = await payByCard(c, { card });
      expect(res.json()).toEqual({ status: 0, redirect_to: '', message });
      expect((await userRow(c)).plan).toBe('free');
      expect(await ledgerOf(c)).toEqual([]);
    }
  });

  it('the card fields are checked in the spec order', async () => {
    const c = await t.signUp();
    const base = {
      service_plan: 'standard',
      plan: 'premium1year',
      method: 'credit',
      idempotency_key: attemptKey(),
    };
    const reply = async (fields: Record<string, string>) =>
      (await c.post('/api/premium/payment', { ...base, ...fields })).json().message;
    expect(await reply({ card_number: '', exp_month: '', exp_year: '', cvc: '' })).toBe(
      PREMIUM_MSG.cardNumberRequired,
    );
    expect(await reply({ card_number: CARDS.visa, exp_month: '', exp_year: '', cvc: '' })).toBe(
      PREMIUM_MSG.cardExpireRequired,
    );
    expect(await reply({ card_number: CARDS.visa, exp_month: '12', exp_year: '', cvc: '' })).toBe(
      PREMIUM_MSG.cardExpireRequired,
    );
    expect(await reply({ card_number: CARDS.visa, exp_month: '12', exp_year: '2040', cvc: '' })).toBe(
      PREMIUM_MSG.cvcInvalid,
    );
  });

  it('a tampered amount is refused; the server computes the coupon price', async () => {
    const c = await t.signUp();
    const tampered = await payByCard(c, { plan: 'professional', famount: '1' });
    expect(tampered.json()).toEqual({ status: 0, redirect_to: '', message: PREMIUM_MSG.amountChanged });
    expect((await userRow(c)).plan).toBe('free');
    const res = await c.post('/api/premium/payment', {
      service_plan: 'professional',
      plan: 'premium1year',
      method: 'credit',
      coupon: 'CHRISTMAS2016',
      famount: '40',
      idempotency_key: attemptKey(),
      ...cardFields(CARDS.visa),
    });
    expect(res.json().status).toBe(1);
    expect(await ledgerOf(c)).toEqual([{ kind: 'charge', purpose: 'payment', amount_cents: 4000 }]);
    expect((await info(c)).nowPrice).toBe(59);
  });

  it('the thanksgiving offer charges 29.50 the first year and renews at 59', async () => {
    const c = await t.signUp();
    const res = await c.post('/api/premium/payment', {
      service_plan: 'professional',
      plan: 'premium1year',
      method: 'credit',
      offer: 'thanksgiving',
      famount: '29.5',
      idempotency_key: attemptKey(),
      ...cardFields(CARDS.visa),
    });
    expect(res.json().status).toBe(1);
    expect(await ledgerOf(c)).toEqual([{ kind: 'charge', purpose: 'payment', amount_cents: 2950 }]);
    expect((await info(c)).nowPrice).toBe(59);
  });

  it('a double submit with one key charges once and answers the same', async () => {
    const c = await t.signUp();
    const body = {
      service_plan: 'standard',
      plan: 'premium1month',
      method: 'credit',
      famount: '5',
      idempotency_key: attemptKey(),
      ...cardFields(CARDS.visa),
    };
    const charges = sandbox.charges.size;
    const [a, b] = await Promise.all([
      c.post('/api/premium/payment', body),
      c.post('/api/premium/payment', body),
    ]);
    const again = await c.post('/api/premium/payment', body);
    const replies = [a.json(), b.json()];
    expect(replies.some((r) => r.status === 1)).toBe(true);
    for (const r of replies.filter((x) => x.status !== 1)) expect(r.message).toBe(PREMIUM_MSG.inProgress);
    expect(again.json()).toEqual({ status: 1, redirect_to: '/premium?status=success', message: '' });
    expect(sandbox.charges.size).toBe(charges + 1);
    expect(await ledgerOf(c)).toEqual([{ kind: 'charge', purpose: 'payment', amount_cents: 500 }]);
  });

  it('bad input is a 400 with nothing written; a visitor gets 401', async () => {
    const c = await t.signUp();
    const before = await Promise.all(
      ['ledger', 'subscriptions', 'idempotency_keys', 'premium_checkouts'].map(countRows),
    );
    for (const body of [
      { service_plan: 'business', plan: 'premium1year', method: 'credit', ...cardFields(CARDS.visa) },
      { service_plan: 'standard', plan: 'premium2year', method: 'credit', ...cardFields(CARDS.visa) },
      { service_plan: 'standard', plan: 'premium1year', method: 'cash', ...cardFields(CARDS.visa) },
      { service_plan: 'basic', plan: 'premium1month', method: 'credit', ...cardFields(CARDS.visa) },
      { service_plan: 'standard', plan: 'premium1year', method: 'credit', ...cardFields('4'.repeat(40)) },
    ]) {
      const res = await c.post('/api/premium/payment', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await c.post('/api/premium/upgrade', { splan: 'Gold', unit: 'year' })).statusCode).toBe(400);
    expect(
      (await c.post('/api/premium/gift', { recipient: 'not-an-address', method: 'credit' })).statusCode,
    ).toBe(400);
    const after = await Promise.all(
      ['ledger', 'subscriptions', 'idempotency_keys', 'premium_checkouts'].map(countRows),
    );
    expect(after).toEqual(before);
    expect((await t.visitor().post('/api/premium/payment', {})).statusCode).toBe(401);
  });
});

describe('pay by PayPal', () => {
  /** Follows the approval page over HTTP like a browser: the page, then its Approve or Cancel form. */
  async function throughApproval(c: TestClient, redirectTo: string, choice: 'approve' | 'cancel') {
    const page = await c.get(redirectTo);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toContain('<script');
    const action = [...page.body.matchAll(/<form method="post" action="([^"]+)"/g)]
      .map((m) => m[1]!.replace(/&amp;/g, '&'))
      .find((a) => a.endsWith(`choice=${choice}`))!;
    const posted = await c.request({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(posted.statusCode).toBe(303);
    const back = new URL(posted.headers.location as string, 'http://localhost:3000');
    const landed = await c.get(back.pathname + back.search);
    expect(landed.statusCode).toBe(303);
    return landed.headers.location as string;
  }

  it('approve: the plan is bought and renewals use the agreement', async () => {
    const c = await t.signUp();
    const res = await c.post('/api/premium/payment', {
      service_plan: 'professional',
      plan: 'premium1month',
      method: 'paypal',
      famount: '6',
    });
    const reply = res.json();
    expect(reply.status).toBe(1);
    expect(reply.redirect_to).toMatch(/^\/premium\/paypal\/approve\?token=/);
    expect((await userRow(c)).plan).toBe('free');
    expect(await throughApproval(c, reply.redirect_to, 'approve')).toBe('/premium?status=success');
    expect((await userRow(c)).plan).toBe('professional');
    const i = await info(c);
    expect(i).toMatchObject({ method: 'paypal', creditCardNum: null, planUnit: 'month' });
    expect(await ledgerOf(c)).toEqual([{ kind: 'charge', purpose: 'payment', amount_cents: 600 }]);
    // the approval is used up: the page is gone
    expect((await c.get(reply.redirect_to)).statusCode).toBe(404);
  });

  it('cancel: nothing is charged and the plan stays free', async () => {
    const c = await t.signUp();
    const reply = (
      await c.post('/api/premium/payment', {
        service_plan: 'standard',
        plan: 'premium1year',
        method: 'paypal',
      })
    ).json();
    expect(await throughApproval(c, reply.redirect_to, 'cancel')).toBe('/premium?status=paypal_cancelled');
    expect((await userRow(c)).plan).toBe('free');
    expect(await ledgerOf(c)).toEqual([]);
  });

  it("another user cannot complete someone's checkout", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const reply = (
      await a.post('/api/premium/payment', {
        service_plan: 'standard',
        plan: 'premium1year',
        method: 'paypal',
      })
    ).json();
    const token = new URL(reply.redirect_to, 'http://x').searchParams.get('token')!;
    await b.request({
      method: 'POST',
      url: `/premium/paypal/approve?token=${token}&choice=approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const res = await b.get(`/api/premium/paypal/return?token=${token}`);
    expect(res.headers.location).toBe('/premium?status=failed');
    expect((await userRow(b)).plan).toBe('free');
    expect((await userRow(a)).plan).toBe('free');
  });
});

describe('the ledger', () => {
  it('sums to what the gateway charged less what it refunded', async () => {
    const rows = await queryRows<{ kind: string; total: string }>(
      t.database.db,
      sql`SELECT kind, sum(amount_cents) AS total FROM ledger GROUP BY kind`,
    );
    const byKind = Object.fromEntries(rows.map((r) => [r.kind, Number(r.total)]));
    const charged = [...sandbox.charges.values()].reduce((s, c) => s + c.amountCents, 0);
    const refunded = [...sandbox.charges.values()].reduce((s, c) => s + c.refundedCents, 0);
    expect(byKind.charge ?? 0).toBe(charged);
    expect(byKind.refund ?? 0).toBe(refunded);
  });
});
