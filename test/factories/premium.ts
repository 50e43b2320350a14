import type { TestClient } from '../helpers/app.ts';

/** The sandbox gateway's test cards (issue 20). */
export const CARDS = {
  visa: '4242 4242 4242 4242',
  mastercard: '5555 5555 5555 4444',
  amex: '3782 822463 10005',
  discover: '6011 1111 1111 1117',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  /** saved fine, every later charge declined: a renewal that fails */
  failsLater: '4000 0000 0000 0341',
  jcb: '3530 1113 3330 0000',
} as const;

/** The card fields as the payment page sends them (strings). */
export function cardFields(number: string, cvc = number.startsWith('37') ? '1234' : '123') {
  return { card_number: number, exp_month: '12', exp_year: '2040', cvc };
}

let attempt = 0;
/** A new idempotency key, as the page makes one per attempt. */
export function attemptKey(): string {
  attempt += 1;
  return `attempt-${Date.now().toString(36)}-${attempt}`;
}

/** Buys a plan by card through the API; returns the reply. */
export async function payByCard(
  c: TestClient,
  opts: { plan?: string; term?: 'premium1year' | 'premium1month'; card?: string; famount?: string } = {},
) {
  const res = await c.post('/api/premium/payment', {
    service_plan: opts.plan ?? 'standard',
    plan: opts.term ?? 'premium1year',
    method: 'credit',
    coupon: '',
    famount: opts.famount ?? '',
    idempotency_key: attemptKey(),
    ...cardFields(opts.card ?? CARDS.visa),
  });
  return res;
}
