import { describe, expect, it } from 'vitest';
import { cardBrand, luhnValid } from './card-rules.ts';
import { SandboxGateway } from './sandbox.ts';

const card = (number: string, cvc = '123') => ({ number, expMonth: 12, expYear: 2040, cvc });
const opts = (key: string) => ({ idempotencyKey: key, description: 'test' });

describe('sandbox gateway', () => {
  it('checks Luhn and brands', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('3530111333300000')).toBeNull(); // JCB
  });

  it('saves the test cards as tokens with brand, last 4 and expiry, never the number', async () => {
    const g = new SandboxGateway();
    for (const [number, brand, cvc] of [
      ['4242 4242 4242 4242', 'visa', '123'],
      ['5555-5555-5555-4444', 'mastercard', '123'],
      ['3782 822463 10005', 'amex', '1234'],
      ['6011 1111 1111 1117', 'discover', '123'],
    ] as const) {
      const r = await g.saveCard(card(number, cvc));
      if (!r.ok) throw new Error(r.code);
      expect(r.card.brand).toBe(brand);
      expect(r.card.last4).toBe(number.replace(/\D/g, '').slice(-4));
      expect(r.card.token).not.toContain(number.replace(/\D/g, '').slice(0, 8));
    }
    expect(await g.saveCard(card('4000000000000002'))).toEqual({ ok: false, code: 'declined' });
    expect(await g.saveCard(card('4000000000009995'))).toEqual({ ok: false, code: 'insufficient_funds' });
    expect(await g.saveCard(card('3530111333300000'))).toEqual({ ok: false, code: 'unsupported' });
    expect(await g.saveCard(card('4242424242424241'))).toEqual({ ok: false, code: 'invalid' });
    expect(await g.saveCard({ ...card('4242424242424242'), expYear: 2001 })).toEqual({
      ok: false,
      code: 'expired',
    });
  });

  it('charges a token once per idempotency key, refunds at most the charge', async () => {
    const g = new SandboxGateway();
    const saved = await g.saveCard(card('4242424242424242'));
    if (!saved.ok) throw new Error('not saved');
    const a = await g.chargeToken(saved.card.token, 500, opts('k1'));
    const b = await g.chargeToken(saved.card.token, 500, opts('k1'));
    expect(a).toEqual(b);
    expect(g.charges.size).toBe(1);
    if (!a.ok) throw new Error('not charged');
    expect((await g.refund(a.chargeId, 300)).ok).toBe(true);
    expect((await g.refund(a.chargeId, 300)).ok).toBe(false);
    const failing = await g.saveCard(card('4000000000000341'));
    if (!failing.ok) throw new Error('not saved');
    expect(await g.chargeToken(failing.card.token, 500, opts('k2'))).toEqual({ ok: false, code: 'declined' });
  });

  it('an approval is captured only once approved, and only once', async () => {
    const g = new SandboxGateway();
    const a = await g.startApproval({
      amountCents: 4000,
      description: 'x',
      returnUrl: '/r',
      cancelUrl: '/c',
    });
    expect((await g.captureApproval(a.token, opts('p1'))).ok).toBe(false);
    expect(g.settleApproval(a.token, true)).toBe(`/r?token=${a.token}`);
    const captured = await g.captureApproval(a.token, opts('p1'));
    expect(captured.ok && captured.amountCents).toBe(4000);
    expect((await g.captureApproval(a.token, opts('p2'))).ok).toBe(false);
    const c = await g.startApproval({
      amountCents: 4000,
      description: 'x',
      returnUrl: '/r',
      cancelUrl: '/c?x=1',
    });
    expect(g.settleApproval(c.token, false)).toBe(`/c?x=1&token=${c.token}`);
    expect((await g.captureApproval(c.token, opts('p3'))).ok).toBe(false);
  });
});
