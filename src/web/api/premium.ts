import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CallReply } from '../../shared/api/define.ts';
import { premiumCalls } from '../../shared/api/premium.ts';
import {
  type changeCreditCardSchema,
  type giftSchema,
  type PaymentReply,
  PREMIUM_MSG,
  type paymentSchema,
  type resubscribeSchema,
  type upgradeSchema,
} from '../../shared/schemas/premium.ts';
import { ApiError, call } from './client.ts';
import { queryKeys } from './keys.ts';
import { settingsKey } from './settings.ts';

/**
 * Premium plans and billing (spec part 2 §7; issue 20): the calls of the pricing, payment, upgrade,
 * resubscribe, gift and affiliate pages, typed by src/shared/schemas/premium.ts. Payloads are form
 * strings, '' for an absent value, as the original client sends them.
 */
type Form<S extends z.ZodType> = { [K in keyof z.input<S>]-?: string };
export type PaymentForm = Form<typeof paymentSchema>;
export type UpgradeForm = Form<typeof upgradeSchema>;
export type ResubscribeForm = Form<typeof resubscribeSchema>;
export type GiftForm = Form<typeof giftSchema>;
export type ChangeCardForm = Form<typeof changeCreditCardSchema>;
export type AffiliateInfo = CallReply<typeof premiumCalls.affiliateInfo>;

export const premiumInfoKey = ['premium-info'] as const;
export const affiliateInfoKey = ['affiliate-info'] as const;

/**
 * The premium info (part 2 §3 Premium info); answers visitors too. `daf`, an
 * affiliate's code from /premium?daf=, goes along: the server keeps it 60 days in its own cookie and
 * prices with the affiliate's discount.
 */
export function usePremiumInfo(daf?: string | null) {
  const query = daf && /^[\w-]{1,64}$/.test(daf) ? { daf } : {};
  return useQuery({
    queryKey: premiumInfoKey,
    queryFn: () => call(premiumCalls.info, { query }),
  });
}

/** The affiliate console's link and earnings. */
export function useAffiliateInfo() {
  return useQuery({
    queryKey: affiliateInfoKey,
    queryFn: () => call(premiumCalls.affiliateInfo),
    retry: false,
  });
}

export type PayKind = 'payment' | 'upgrade' | 'resubscribe' | 'gift';
export type PayBody = PaymentForm | UpgradeForm | ResubscribeForm | GiftForm;

/** A payment call's outcome: the reply, and whether the server answered it (a retry after no answer keeps the attempt's key). */
export interface PayOutcome {
  reply: PaymentReply;
  answered: boolean;
  /** the card field a refused call named */
  field?: string | undefined;
}

/**
 * Pays (premiumCalls.payment, upgrade, resubscribe or gift). Resolves whatever the status; a call refused
 * with the server's own words (a 400 naming a field) resolves as a failed reply carrying them; an
 * empty reply or a failed request becomes 'Something wrong, please try later.' (part 2 §8).
 */
export async function submitPayment(kind: PayKind, body: PayBody): Promise<PayOutcome> {
  try {
    const pay = call as (
      definition: (typeof premiumCalls)[PayKind],
      input: { body: PayBody },
    ) => Promise<unknown>;
    const reply = (await pay(premiumCalls[kind], { body })) as PaymentReply | null;
    if (!reply || typeof reply.status !== 'number') return failed(PREMIUM_MSG.somethingWrong, false);
    return { reply, answered: true };
  } catch (err) {
    if (err instanceof ApiError && err.status === 400 && err.message)
      return failed(err.message, true, err.field);
    return failed(PREMIUM_MSG.somethingWrong, false);
  }
}

function failed(message: string, answered: boolean, field?: string): PayOutcome {
  return { reply: { status: 0, redirect_to: '', message }, answered, field };
}

/**
 * A new card {number, month, year, cvc}, and cancelling the renewal (part 2 §7): refresh the premium info, the settings and who is signed in (plan, nav).
 */
export function useChangeCreditCard() {
  return useBillingChange((body: ChangeCardForm) => call(premiumCalls.changeCreditCard, { body }));
}

export function useCancelSubscribe() {
  return useBillingChange(() => call(premiumCalls.cancelSubscription, { body: {} }));
}

function useBillingChange<B, R>(change: (body: B) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async () => {
      await Promise.all(
        [premiumInfoKey, settingsKey, queryKeys.userInfo].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

/** One key per payment attempt: a retried or doubled submit of the same attempt is charged once. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
