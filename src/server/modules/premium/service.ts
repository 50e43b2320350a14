import type { z } from 'zod';
import { PLANS, type PlanId, type PlanUnit } from '../../../shared/plans.ts';
import { firstTermCents, toCents, upgradeQuote } from '../../../shared/premium-pricing.ts';
import {
  type changeCreditCardSchema,
  type PaymentReply,
  PREMIUM_MSG,
  type paymentSchema,
  type resubscribeSchema,
  type upgradeSchema,
} from '../../../shared/schemas/premium.ts';
import type { SettingsReply } from '../../../shared/schemas/settings.ts';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
import { effectivePlan } from '../accounts/user-info.ts';
import {
  alone,
  cardMethod,
  chargeCard,
  chargeSource,
  DECLINE_MESSAGES,
  DONE_URL,
  failed,
  hasCard,
  once,
  type PaymentSource,
  paypalMethod,
  readCard,
  storedUsable,
  succeeded,
} from './billing.ts';
import { activate, commitOrRefund, mailReceipt } from './commit.ts';
import { type PremiumDeps, Refused } from './deps.ts';
import { GIFT_DONE_URL, type GiftsService } from './gifts.ts';
import * as repo from './repo.ts';

type PaymentInput = z.infer<typeof paymentSchema>;
type UpgradeInput = z.infer<typeof upgradeSchema>;
type ResubscribeInput = z.infer<typeof resubscribeSchema>;
type ChangeCardInput = z.infer<typeof changeCreditCardSchema>;

/** What a PayPal-like checkout does once the buyer approved and the money is captured. */
export type CheckoutIntent =
  | { kind: 'payment'; plan: PlanId; unit: PlanUnit; affiliateId: number | null }
  | { kind: 'gift'; recipient: string; note: string | null };

export interface ChangeCardReply extends SettingsReply {
  card_errors?: Partial<Record<'number' | 'year' | 'cvc' | 'type', string>>;
}

/** Paying, upgrading, cancelling and resubscribing (spec part 2 §4, §5, §7; issue 20). */
export class PremiumService {
  constructor(
    private readonly deps: PremiumDeps,
    private readonly gifts: GiftsService,
  ) {}

  private async user(userId: number) {
    const user = await this.deps.accounts.findUser(userId);
    if (!user) throw new NotFoundError();
    return user;
  }

  /** The affiliate of the visitor's affiliate cookie, unless it is the buyer's own. */
  async referrer(userId: number | null, code: string | undefined): Promise<repo.AffiliateRow | null> {
    // the cookie is the visitor's to write: only a well-formed code reaches the database
    if (!code || !/^[\w-]{1,64}$/.test(code)) return null;
    const affiliate = await repo.affiliateByCode(this.deps.db, code);
    return affiliate && affiliate.userId !== userId ? affiliate : null;
  }

  /** POST /api/premium/payment: a new subscription by card (charged now) or PayPal (a redirect). */
  async pay(
    userId: number,
    input: PaymentInput,
    ctx: { affiliateCode?: string; origin: string },
  ): Promise<PaymentReply> {
    const unit: PlanUnit = input.plan === 'premium1year' ? 'year' : 'month';
    const plan = input.service_plan;
    const now = this.deps.clock.now();
    const affiliate = (await repo.findSubscription(this.deps.db, userId))
      ? null
      : await this.referrer(userId, ctx.affiliateCode);
    const amount = firstTermCents({
      plan,
      unit,
      coupon: input.coupon,
      affiliate: Boolean(affiliate),
      offer: input.offer,
    });
    if (amount === null) throw new ValidationError(`${PLANS[plan].label} is sold by the year only.`, 'plan');
    if (input.famount !== undefined && toCents(Number(input.famount)) !== amount)
      return failed(PREMIUM_MSG.amountChanged);
    const affiliateId = affiliate?.id ?? null;
    const premium = async () => PLANS[effectivePlan(await this.user(userId), now)].premium;
    if (input.method === 'paypal') {
      if (await premium()) return failed(PREMIUM_MSG.alreadyPremium);
      return this.startCheckout(userId, amount, { kind: 'payment', plan, unit, affiliateId }, ctx.origin);
    }
    return once(this.deps.db, userId, input.idempotency_key, now, async (key) => {
      // inside the key's attempt: a repeated submit after success answers the stored success
      if (await premium()) return failed(PREMIUM_MSG.alreadyPremium);
      const r = await chargeCard(this.deps.gateway, input, amount, key, `Folio ${plan}`);
      if (!r.ok) return failed(r.message);
      return (
        (await activate(this.deps, userId, {
          plan,
          unit,
          amountCents: amount,
          charged: r.charged,
          affiliateId,
        })) ?? succeeded(DONE_URL)
      );
    });
  }

  /** Starts a PayPal-like checkout: the reply sends the browser to the approval page. */
  async startCheckout(
    userId: number,
    amountCents: number,
    intent: CheckoutIntent,
    origin: string,
  ): Promise<PaymentReply> {
    const base = this.deps.publicUrl ?? origin;
    const approval = await this.deps.gateway.startApproval({
      amountCents,
      description:
        intent.kind === 'gift' ? 'Folio Professional, one year (gift)' : `Folio ${PLANS[intent.plan].label}`,
      returnUrl: `${base}/api/premium/paypal/return`,
      cancelUrl: `${base}/api/premium/paypal/cancel`,
    });
    await repo.insertCheckout(this.deps.db, {
      token: approval.token,
      userId,
      amountCents,
      intent,
      createdAt: this.deps.clock.now(),
    });
    return succeeded(approval.approveUrl);
  }

  /**
   * The buyer approved: capture and apply the checkout once; answers where the browser goes. Under
   * the user's purchase lock, like a card payment: a second approved checkout of a plan is not
   * captured once the first made the user premium.
   */
  async paypalReturn(userId: number, token: string, origin: string): Promise<string> {
    const now = this.deps.clock.now();
    const next = await alone(this.deps.db, userId, now, () => this.captureCheckout(userId, token, origin));
    return next ?? '/premium?status=failed';
  }

  private async captureCheckout(userId: number, token: string, origin: string): Promise<string> {
    const checkout = await repo.takeCheckout(this.deps.db, token, userId, 'done');
    if (!checkout) return '/premium?status=failed';
    if (
      (checkout.intent as CheckoutIntent).kind === 'payment' &&
      PLANS[effectivePlan(await this.user(userId), this.deps.clock.now())].premium
    ) {
      return '/premium?status=failed';
    }
    const captured = await this.deps.gateway.captureApproval(token, {
      idempotencyKey: `paypal:${token}`,
      description: 'Folio',
    });
    if (!captured.ok) return '/premium?status=failed';
    const intent = checkout.intent as CheckoutIntent;
    const charged = { chargeId: captured.chargeId, method: paypalMethod(captured.agreementToken) };
    if (intent.kind === 'gift') {
      await this.gifts.create(
        userId,
        { recipient: intent.recipient, note: intent.note ?? undefined },
        charged,
        captured.amountCents,
        origin,
      );
      return GIFT_DONE_URL;
    }
    const refusal = await activate(this.deps, userId, {
      ...intent,
      amountCents: captured.amountCents,
      charged,
    });
    return refusal ? '/premium?status=failed' : DONE_URL;
  }

  /** The buyer cancelled on the approval page: the checkout ends without a charge. */
  async paypalCancel(userId: number, token: string): Promise<string> {
    await repo.takeCheckout(this.deps.db, token, userId, 'cancelled');
    return '/premium?status=paypal_cancelled';
  }

  /** POST /api/premium/upgrade: a higher plan or a longer term now, for the prorated fee. */
  async upgrade(userId: number, input: UpgradeInput): Promise<PaymentReply> {
    const now = this.deps.clock.now();
    return once(this.deps.db, userId, input.idempotency_key, now, async (key) => {
      const user = await this.user(userId);
      const current = effectivePlan(user, now);
      const termEnd = user.nextBillingAt ?? user.planExpiresAt;
      const unitNow = user.planUnit as PlanUnit | null;
      if (!PLANS[current].premium || !termEnd || !unitNow) return failed(PREMIUM_MSG.cannotUpgrade);
      const quote = upgradeQuote(
        { plan: current, unit: unitNow, nextBillingAt: termEnd },
        input.splan,
        input.unit,
        now,
      );
      if (!quote) return failed(PREMIUM_MSG.cannotUpgrade);
      if (input.amount !== undefined && toCents(Number(input.amount)) !== quote.feeCents) {
        return failed(PREMIUM_MSG.amountChanged);
      }
      const sub = await repo.findSubscription(this.deps.db, userId);
      let source: PaymentSource;
      if (hasCard(input)) {
        const read = readCard(input);
        if ('message' in read) return failed(read.message);
        source = { kind: 'card', card: read.card };
      } else if (storedUsable(sub, now)) {
        source = { kind: 'stored', row: sub };
      } else {
        return failed(PREMIUM_MSG.cardNumberRequired);
      }
      const r = await chargeSource(
        this.deps.gateway,
        source,
        quote.feeCents,
        key,
        `Folio upgrade to ${input.splan}`,
      );
      if (!r.ok) return failed(r.message);
      const charge = {
        chargeId: r.charged.chargeId,
        amountCents: quote.feeCents,
        purpose: 'upgrade',
        plan: input.splan,
      };
      const refusal = await commitOrRefund(this.deps, userId, charge, async (tx) => {
        const locked = await repo.lockUser(tx, userId);
        const lockedEnd = locked?.nextBillingAt ?? locked?.planExpiresAt;
        if (
          !locked ||
          locked.plan !== user.plan ||
          locked.planUnit !== user.planUnit ||
          lockedEnd?.getTime() !== termEnd.getTime()
        ) {
          throw new Refused(PREMIUM_MSG.amountChanged);
        }
        await repo.setUserPlan(tx, userId, {
          plan: input.splan,
          planUnit: input.unit,
          nextBillingAt: quote.nextBillingAt,
          planExpiresAt: null,
        });
        await repo.saveSubscription(tx, {
          userId,
          ...r.charged.method,
          renewalCents: quote.newPriceCents,
          failures: 0,
          retryAt: null,
          cancelledAt: null,
          since: sub?.since ?? now,
        });
        if (quote.feeCents > 0)
          await repo.record(tx, { userId, kind: 'charge', ...row(charge), createdAt: now });
      });
      if (refusal) return refusal;
      if (quote.feeCents > 0)
        await mailReceipt(this.deps, userId, {
          ...charge,
          unit: input.unit,
          nextBillingAt: quote.nextBillingAt,
        });
      return succeeded(DONE_URL);
    });
  }

  /** POST /api/premium/resubscribe: a cancelled subscription renews again at the end of its term. */
  async resubscribe(userId: number, input: ResubscribeInput): Promise<PaymentReply> {
    const now = this.deps.clock.now();
    return once(this.deps.db, userId, input.idempotency_key, now, async (key) => {
      const user = await this.user(userId);
      const sub = await repo.findSubscription(this.deps.db, userId);
      if (!PLANS[effectivePlan(user, now)].premium || !user.planExpiresAt || !sub)
        return failed(PREMIUM_MSG.notCancelled);
      let method: Partial<repo.NewSubscription> = {};
      if (hasCard(input)) {
        const r = await chargeCard(this.deps.gateway, input, 0, key, 'Folio card');
        if (!r.ok) return failed(r.message);
        method = r.charged.method;
      } else if (!storedUsable(sub, now)) {
        return failed(PREMIUM_MSG.cardNumberRequired);
      }
      const refusal = await commitOrRefund(
        this.deps,
        userId,
        { chargeId: '', amountCents: 0, purpose: 'resubscribe', plan: user.plan as PlanId },
        async (tx) => {
          const locked = await repo.lockUser(tx, userId);
          if (!locked?.planExpiresAt || locked.planExpiresAt.getTime() <= now.getTime())
            throw new Refused(PREMIUM_MSG.notCancelled);
          await repo.setUserPlan(tx, userId, { nextBillingAt: locked.planExpiresAt, planExpiresAt: null });
          await repo.updateSubscription(tx, userId, {
            ...method,
            cancelledAt: null,
            failures: 0,
            retryAt: null,
          });
        },
      );
      return refusal ?? succeeded(DONE_URL);
    });
  }

  /** POST /api/settings/cancelSubscribe: renewal stops; premium stays until the paid term ends. */
  async cancel(userId: number): Promise<SettingsReply> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const user = await repo.lockUser(tx, userId);
      if (!user || !PLANS[effectivePlan(user, now)].premium || !user.nextBillingAt || user.planExpiresAt) {
        return { code: 0, message: PREMIUM_MSG.cancelFailed };
      }
      await repo.setUserPlan(tx, userId, { planExpiresAt: user.nextBillingAt, nextBillingAt: null });
      await repo.updateSubscription(tx, userId, { cancelledAt: now, failures: 0, retryAt: null });
      return { code: 1, message: PREMIUM_MSG.cancelled };
    });
  }

  /** POST /api/settings/changeCreditCard: a new card for the renewals (part 2 §5 messages). */
  async changeCreditCard(userId: number, input: ChangeCardInput): Promise<ChangeCardReply> {
    const fail = (
      errors: ChangeCardReply['card_errors'],
      message: string = PREMIUM_MSG.cardInvalid,
    ): ChangeCardReply => ({
      code: 0,
      message,
      card_errors: errors,
    });
    if (!input.number) return fail({ number: PREMIUM_MSG.cardNumberRequired });
    if (!input.month) return fail({ year: PREMIUM_MSG.cardExpireRequired });
    if (!input.year || !/^\d{4}$/.test(input.year)) return fail({ year: PREMIUM_MSG.cardExpireInvalid });
    if (!input.cvc) return fail({ cvc: PREMIUM_MSG.cvcInvalid });
    const read = readCard({
      card_number: input.number,
      exp_month: input.month,
      exp_year: input.year,
      cvc: input.cvc,
    });
    if ('message' in read) {
      const field = read.field === 'month' ? 'year' : (read.field as 'number' | 'year' | 'cvc');
      return fail({ [field]: read.message });
    }
    const sub = await repo.findSubscription(this.deps.db, userId);
    if (!sub) return { code: 0, message: PREMIUM_MSG.notSubscribed };
    const saved = await this.deps.gateway.saveCard(read.card);
    if (!saved.ok) {
      const field = saved.code === 'unsupported' ? 'type' : saved.code === 'expired' ? 'year' : 'number';
      return fail(
        { [field]: DECLINE_MESSAGES[saved.code] },
        saved.code === 'invalid' || saved.code === 'unsupported'
          ? PREMIUM_MSG.cardInvalid
          : PREMIUM_MSG.changeCardFailed,
      );
    }
    await repo.updateSubscription(this.deps.db, userId, { ...cardMethod(saved.card), retryAt: null });
    return { code: 1, message: PREMIUM_MSG.changeCardOk };
  }
}

const row = (c: { chargeId: string; amountCents: number; purpose: string; plan: PlanId }) => ({
  purpose: c.purpose,
  amountCents: c.amountCents,
  reference: c.chargeId,
  plan: c.plan,
});
