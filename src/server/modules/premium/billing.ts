import { randomBytes } from 'node:crypto';
import { type PaymentReply, PREMIUM_MSG } from '../../../shared/schemas/premium.ts';
import type { Db } from '../../db/client.ts';
import type { CardInput, DeclineCode, PaymentGateway, SavedCard } from '../../platform/payments/gateway.ts';
import * as repo from './repo.ts';

/** Shared steps of every payment: reading the card fields, saving a card, charging once per key. */

export interface CardFields {
  card_number?: string;
  exp_month?: string;
  exp_year?: string;
  cvc?: string;
}

export const failed = (message: string): PaymentReply => ({ status: 0, redirect_to: '', message });
export const succeeded = (redirect_to: string): PaymentReply => ({ status: 1, redirect_to, message: '' });

/** Where the pages go after a successful payment, upgrade, resubscribe or gift. */
export const DONE_URL = '/premium?status=success';

export function hasCard(f: CardFields): boolean {
  return Boolean(f.card_number);
}

/**
 * The card fields in the spec's order (part 2 §5: number, month, year, CVC); the first missing or
 * malformed one answers its message. Numbers may carry spaces or dashes; years may have 2 digits.
 */
export function readCard(f: CardFields): { card: CardInput } | { message: string; field: string } {
  const number = (f.card_number ?? '').replace(/[\s-]/g, '');
  if (!number) return { message: PREMIUM_MSG.cardNumberRequired, field: 'number' };
  if (!f.exp_month) return { message: PREMIUM_MSG.cardExpireRequired, field: 'month' };
  if (!f.exp_year) return { message: PREMIUM_MSG.cardExpireRequired, field: 'year' };
  if (!f.cvc) return { message: PREMIUM_MSG.cvcInvalid, field: 'cvc' };
  if (!/^\d{12,16}$/.test(number)) return { message: PREMIUM_MSG.cardInvalid, field: 'number' };
  const month = /^\d{1,2}$/.test(f.exp_month) ? Number(f.exp_month) : 0;
  if (month < 1 || month > 12) return { message: PREMIUM_MSG.cardExpireInvalid, field: 'month' };
  if (!/^(\d{2}|\d{4})$/.test(f.exp_year)) return { message: PREMIUM_MSG.cardExpireInvalid, field: 'year' };
  const year = f.exp_year.length === 2 ? 2000 + Number(f.exp_year) : Number(f.exp_year);
  if (!/^\d{3,4}$/.test(f.cvc)) return { message: PREMIUM_MSG.cvcInvalid, field: 'cvc' };
  return { card: { number, expMonth: month, expYear: year, cvc: f.cvc } };
}

export const DECLINE_MESSAGES: Record<DeclineCode, string> = {
  invalid: PREMIUM_MSG.cardInvalid,
  unsupported: PREMIUM_MSG.cardTypeUnsupported,
  declined: PREMIUM_MSG.declined,
  insufficient_funds: PREMIUM_MSG.insufficientFunds,
  expired: PREMIUM_MSG.cardExpireInvalid,
};

/** A way to pay: a card to save now, or a stored token. */
export type PaymentSource = { kind: 'card'; card: CardInput } | { kind: 'stored'; row: repo.SubscriptionRow };

/** The method columns of a subscription for a saved card or a billing agreement. */
export function cardMethod(card: SavedCard) {
  return {
    method: 'card' as const,
    token: card.token,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
  };
}

export function paypalMethod(agreementToken: string) {
  return {
    method: 'paypal' as const,
    token: agreementToken,
    brand: null,
    last4: null,
    expMonth: null,
    expYear: null,
  };
}

export type Method = ReturnType<typeof cardMethod> | ReturnType<typeof paypalMethod>;

export interface Charged {
  chargeId: string;
  method: Method;
}

/**
 * Charges `amountCents` from the source (saving a new card first). `amountCents` 0 only saves the
 * card. The provider's idempotency key makes a retried request charge once.
 */
export async function chargeSource(
  gateway: PaymentGateway,
  source: PaymentSource,
  amountCents: number,
  idempotencyKey: string,
  description: string,
): Promise<{ ok: true; charged: Charged } | { ok: false; message: string }> {
  let method: Method;
  if (source.kind === 'card') {
    const saved = await gateway.saveCard(source.card);
    if (!saved.ok) return { ok: false, message: DECLINE_MESSAGES[saved.code] };
    method = cardMethod(saved.card);
  } else {
    const r = source.row;
    method =
      r.method === 'paypal'
        ? paypalMethod(r.token)
        : ({
            method: 'card',
            token: r.token,
            brand: r.brand,
            last4: r.last4,
            expMonth: r.expMonth,
            expYear: r.expYear,
          } as Method);
  }
  if (amountCents === 0) return { ok: true, charged: { chargeId: '', method } };
  const charged = await gateway.chargeToken(method.token, amountCents, { idempotencyKey, description });
  if (!charged.ok) return { ok: false, message: DECLINE_MESSAGES[charged.code] };
  return { ok: true, charged: { chargeId: charged.chargeId, method } };
}

/**
 * Charges the card the request's fields describe (saving it first): the first missing or malformed
 * field, or the provider's refusal, answers its message. `amountCents` 0 only saves the card.
 */
export async function chargeCard(
  gateway: PaymentGateway,
  fields: CardFields,
  amountCents: number,
  idempotencyKey: string,
  description: string,
): Promise<{ ok: true; charged: Charged } | { ok: false; message: string }> {
  const read = readCard(fields);
  if ('message' in read) return { ok: false, message: read.message };
  return chargeSource(gateway, { kind: 'card', card: read.card }, amountCents, idempotencyKey, description);
}

/** A purchase lock older than this belongs to an instance that stopped mid-payment: it is taken over. */
export const PURCHASE_LOCK_STALE_MS = 10 * 60_000;

/**
 * Runs one payment attempt under its key: the first call runs `attempt`; a repeated call while it
 * runs, or after it succeeded (double click, retry after a timeout), gets the stored reply and
 * charges nothing. A refused attempt releases the key. Only one attempt of a user runs at a time,
 * whatever its key and instance (the user's row in purchase_locks): another one answers "in
 * progress" before it reaches the card, so the card holder never sees a charge and its refund.
 */
export async function once(
  db: Db,
  userId: number,
  key: string | undefined,
  now: Date,
  attempt: (key: string) => Promise<PaymentReply>,
): Promise<PaymentReply> {
  const k = key ?? randomBytes(16).toString('base64url');
  if (!(await repo.claimKey(db, userId, k, now))) {
    const stored = (await repo.keyReply(db, userId, k)) as PaymentReply | null;
    return stored ?? failed(PREMIUM_MSG.inProgress);
  }
  let reply: PaymentReply | null;
  try {
    // the provider's key is new for each claim: a refused attempt may be tried again
    reply = await alone(db, userId, now, () =>
      attempt(`${userId}:${k}:${randomBytes(6).toString('base64url')}`),
    );
  } catch (error) {
    await repo.releaseKey(db, userId, k);
    throw error;
  }
  if (!reply) {
    await repo.releaseKey(db, userId, k);
    return failed(PREMIUM_MSG.inProgress);
  }
  if (reply.status === 1) await repo.storeKeyReply(db, userId, k, reply);
  else await repo.releaseKey(db, userId, k);
  return reply;
}

/**
 * Runs `work` holding the user's purchase lock (purchase_locks: any instance sees it); null, without
 * running it, while another purchase of the user runs.
 */
export async function alone<T>(db: Db, userId: number, now: Date, work: () => Promise<T>): Promise<T | null> {
  const holder = randomBytes(12).toString('base64url');
  const staleBefore = new Date(now.getTime() - PURCHASE_LOCK_STALE_MS);
  if (!(await repo.lockPurchase(db, userId, holder, now, staleBefore))) return null;
  try {
    return await work();
  } finally {
    await repo.unlockPurchase(db, userId, holder);
  }
}

/** Whether a stored card can still be charged (PayPal agreements do not expire). */
export function storedUsable(row: repo.SubscriptionRow | undefined, now: Date): row is repo.SubscriptionRow {
  if (!row) return false;
  if (row.method === 'paypal') return true;
  if (row.expMonth === null || row.expYear === null) return false;
  return now.getTime() < Date.UTC(row.expYear, row.expMonth, 1);
}

/** The user's masked card number, e.g. '**** **** **** 4242'. */
export function maskedCard(row: repo.SubscriptionRow | undefined): string | null {
  return row?.method === 'card' && row.last4 ? `**** **** **** ${row.last4}` : null;
}
