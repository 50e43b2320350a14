import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptKey, CARDS, cardFields, payByCard } from '../../../../test/factories/premium.ts';
import { createTestApp, type TestApp, type TestClient } from '../../../../test/helpers/app.ts';
import { mailText } from '../../../../test/helpers/mail-links.ts';
import { PREMIUM_MSG } from '../../../shared/schemas/premium.ts';
import { queryRows } from '../../db/client.ts';
import { queueRenewals, RETRY_DAYS } from './renewals.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 86_400_000;
const info = async (c: TestClient) => (await c.get('/interact_api/load_user_premium_info')).json();
const date = (v: string | Date | null) => (v === null ? null : new Date(v));
const userRow = async (c: TestClient) => {
  const [row] = await queryRows<{
    plan: string;
    plan_unit: string | null;
    next_billing_at: string | null;
    plan_expires_at: string | null;
  }>(
    t.database.db,
    sql`SELECT plan, plan_unit, next_billing_at, plan_expires_at FROM users WHERE name = ${c.name!}`,
  );
  return {
    ...row!,
    next_billing_at: date(row!.next_billing_at),
    plan_expires_at: date(row!.plan_expires_at),
  };
};
const ledgerOf = async (c: TestClient) =>
  queryRows<{ kind: string; purpose: string; amount_cents: number }>(
    t.database.db,
    sql`SELECT kind, purpose, amount_cents FROM ledger WHERE user_id = (SELECT id FROM users WHERE name = ${c.name!}) ORDER BY id`,
  );
/** Moves the clock; sessions idle out meanwhile, so the user signs in again. */
async function advance(c: TestClient, ms: number) {
  t.clock.advance(ms);
  const res = await c.post('/api/auth/sign-in', { name_or_email: c.name, password: 'secret123' });
  expect(res.statusCode).toBe(200);
}
/** Runs the renewal sweep as the poller would, at the test clock's time. */
async function runRenewals() {
  await queueRenewals(t.jobs, t.database.db, t.clock.now());
  await t.jobs.runDueJobs();
}
const receiptsTo = (c: TestClient) =>
  t.inbox.filter(
    (m) => m.to.includes(`${c.name}@example.com`.toLowerCase()) && mailText(m).includes('Your Folio receipt'),
  );

describe('upgrade', () => {
  it('offers prorated upgrades and charges the fee from the stored card', async () => {
    const c = await t.signUp();
    expect((await payByCard(c, { plan: 'standard', term: 'premium1year' })).json().status).toBe(1);
    const before = await userRow(c);
    const i = await info(c);
    expect(i.standard.canUpgradeTo).toBe(false);
    expect(i.basic.canUpgradeTo).toBe(false);
    expect(i.professional.canUpgradeTo).toBe(true);
    expect(i.professional.upgradeToMonth).toBeNull();
    const offer = i.professional.upgradeToYear;
    expect(offer).toEqual({
      upgradeFee: 19,
      nextBillingTime: Math.floor(before.next_billing_at!.getTime() / 1000),
      newServicePlanPrice: 59,
    });

    const tampered = await c.post('/api/premium/upgrade', {
      splan: 'Professional',
      unit: 'year',
      amount: '1',
      idempotency_key: attemptKey(),
    });
    expect(tampered.json().message).toBe(PREMIUM_MSG.amountChanged);
    const res = await c.post('/api/premium/upgrade', {
      splan: 'Professional',
      unit: 'year',
      amount: '19',
      idempotency_key: attemptKey(),
    });
    expect(res.json()).toEqual({ status: 1, redirect_to: '/premium?status=success', message: '' });
    const after = await userRow(c);
    expect(after).toMatchObject({ plan: 'professional', plan_unit: 'year' });
    expect(after.next_billing_at!.getTime()).toBe(before.next_billing_at!.getTime());
    expect((await ledgerOf(c)).map((r) => [r.purpose, r.amount_cents])).toEqual([
      ['payment', 4000],
      ['upgrade', 1900],
    ]);
    expect((await info(c)).nowPrice).toBe(59);
    expect((await c.post('/api/premium/upgrade', { splan: 'standard', unit: 'year' })).json().message).toBe(
      PREMIUM_MSG.cannotUpgrade,
    );
  });

  it('month to year on the same plan; a free user cannot upgrade', async () => {
    const c = await t.signUp();
    await payByCard(c, { plan: 'standard', term: 'premium1month' });
    await advance(c, 15 * DAY);
    const i = await info(c);
    const offer = i.standard.upgradeToYear;
    expect(i).toMatchObject({ servicePlan: 'standard', planUnit: 'month' });
    expect(offer.upgradeFee).toBeGreaterThan(35);
    expect(offer.upgradeFee).toBeLessThan(40);
    const res = await c.post('/api/premium/upgrade', {
      splan: 'standard',
      unit: 'year',
      amount: String(offer.upgradeFee),
    });
    expect(res.json().status).toBe(1);
    expect(await userRow(c)).toMatchObject({ plan: 'standard', plan_unit: 'year' });
    const free = await t.signUp();
    expect(
      (await free.post('/api/premium/upgrade', { splan: 'professional', unit: 'year' })).json().message,
    ).toBe(PREMIUM_MSG.cannotUpgrade);
  });
});

describe('cancel, resubscribe, renew, lapse', () => {
  it('cancel keeps premium until the term ends, resubscribe restores renewal, and the other user is untouched', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await payByCard(a, { plan: 'professional', term: 'premium1month' });
    await payByCard(b, { plan: 'standard', term: 'premium1month' });
    const bBefore = await userRow(b);
    const due = (await userRow(a)).next_billing_at!;

    expect((await a.post('/api/settings/cancelSubscribe', {})).json()).toEqual({
      code: 1,
      message: PREMIUM_MSG.cancelled,
    });
    expect((await a.post('/api/settings/cancelSubscribe', {})).json()).toEqual({
      code: 0,
      message: PREMIUM_MSG.cancelFailed,
    });
    const i = await info(a);
    expect(i).toMatchObject({
      servicePlan: 'professional',
      cancelled: true,
      nextBillingDate: null,
      expireTime: Math.floor(due.getTime() / 1000),
    });
    expect((await a.get('/interact_api/load_user_setting')).json().premium.premiumStatus).toBe('cancelled');
    expect(await userRow(b)).toEqual(bBefore);
    expect((await b.post('/api/premium/resubscribe', {})).json().message).toBe(PREMIUM_MSG.notCancelled);

    const res = await a.post('/api/premium/resubscribe', {});
    expect(res.json()).toEqual({ status: 1, redirect_to: '/premium?status=success', message: '' });
    expect(await userRow(a)).toMatchObject({
      plan: 'professional',
      plan_expires_at: null,
      next_billing_at: due,
    });
    expect(await userRow(b)).toEqual(bBefore);
  });

  it('the renewal job charges at the billing date and mails a receipt', async () => {
    const c = await t.signUp();
    await payByCard(c, { plan: 'standard', term: 'premium1month' });
    const due = (await userRow(c)).next_billing_at!;
    await runRenewals();
    expect((await ledgerOf(c)).length).toBe(1);
    t.clock.advance(due.getTime() - t.clock.now().getTime() + 1000);
    await runRenewals();
    expect((await ledgerOf(c)).map((r) => r.purpose)).toEqual(['payment', 'renewal']);
    expect((await userRow(c)).next_billing_at!.getTime()).toBeGreaterThan(due.getTime() + 27 * DAY);
    // the same sweep again charges nothing more
    await runRenewals();
    expect((await ledgerOf(c)).length).toBe(2);
    expect(receiptsTo(c).length).toBe(2);
  });

  it('a failing renewal retries on its schedule, then lapses to free with nothing deleted', async () => {
    const c = await t.signUp();
    await payByCard(c, { plan: 'professional', term: 'premium1month' });
    // a card the provider saves but whose charges fail from now on
    const changed = await c.post('/api/settings/changeCreditCard', {
      number: CARDS.failsLater,
      month: '12',
      year: '2040',
      cvc: '123',
    });
    expect(changed.json().code).toBe(1);
    expect((await c.post('/outliner/new', { title: 'kept' })).statusCode).toBe(200);
    const due = (await userRow(c)).next_billing_at!;
    t.clock.advance(due.getTime() - t.clock.now().getTime() + 1000);
    await runRenewals();
    expect(await userRow(c)).toMatchObject({ plan: 'professional' });
    for (const days of RETRY_DAYS) {
      t.clock.advance(due.getTime() + days * DAY + 1000 - t.clock.now().getTime());
      await runRenewals();
    }
    await advance(c, 0);
    expect(await userRow(c)).toMatchObject({ plan: 'free', next_billing_at: null });
    expect((await info(c)).servicePlan).toBe('free');
    expect(await ledgerOf(c)).toEqual([{ kind: 'charge', purpose: 'payment', amount_cents: 600 }]);
    const [sub] = await queryRows(
      t.database.db,
      sql`SELECT method FROM subscriptions WHERE user_id = (SELECT id FROM users WHERE name = ${c.name!})`,
    );
    expect(sub).toEqual({ method: 'card' });
    expect((await c.get('/outliner/list')).body).toContain('kept');
  });

  it('a cancelled subscription lapses at its expiry; a new card then buys again', async () => {
    const c = await t.signUp();
    await payByCard(c, { plan: 'standard', term: 'premium1month' });
    await c.post('/api/settings/cancelSubscribe', {});
    const expires = (await userRow(c)).plan_expires_at!;
    await advance(c, expires.getTime() - t.clock.now().getTime() + 1000);
    await runRenewals();
    expect(await userRow(c)).toMatchObject({ plan: 'free', plan_expires_at: null });
    expect((await ledgerOf(c)).length).toBe(1);
    expect((await c.post('/api/premium/resubscribe', {})).json().message).toBe(PREMIUM_MSG.notCancelled);
    expect((await payByCard(c, { plan: 'standard', term: 'premium1month' })).json().status).toBe(1);
  });
});

describe('changeCreditCard', () => {
  it('answers the spec messages and replaces the stored card', async () => {
    const c = await t.signUp();
    const change = async (body: Record<string, string>) =>
      (await c.post('/api/settings/changeCreditCard', body)).json();
    expect(await change({ number: '', month: '', year: '', cvc: '' })).toEqual({
      code: 0,
      message: PREMIUM_MSG.cardInvalid,
      card_errors: { number: PREMIUM_MSG.cardNumberRequired },
    });
    expect((await change({ number: CARDS.visa, month: '12', year: '40', cvc: '123' })).card_errors).toEqual({
      year: PREMIUM_MSG.cardExpireInvalid,
    });
    expect(await change({ number: CARDS.visa, month: '12', year: '2040', cvc: '123' })).toEqual({
      code: 0,
      message: PREMIUM_MSG.notSubscribed,
    });
    await payByCard(c);
    expect((await change({ number: CARDS.jcb, month: '12', year: '2040', cvc: '123' })).card_errors).toEqual({
      type: PREMIUM_MSG.cardTypeUnsupported,
    });
    expect(await change({ number: CARDS.mastercard, month: '11', year: '2039', cvc: '321' })).toEqual({
      code: 1,
      message: PREMIUM_MSG.changeCardOk,
    });
    expect((await info(c)).creditCardNum).toBe('**** **** **** 4444');
    expect((await c.post('/api/settings/changeCreditCard', { number: 'x'.repeat(30) })).statusCode).toBe(400);
    expect(
      (
        await c.post('/api/premium/upgrade', {
          splan: 'professional',
          unit: 'year',
          ...cardFields(CARDS.declined),
        })
      ).json().message,
    ).toBe(PREMIUM_MSG.declined);
  });
});
