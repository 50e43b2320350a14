import { PLANS, type PlanId, type PlanUnit } from '../../../shared/plans.ts';
import { addTerm, commissionCents, planPriceCents } from '../../../shared/premium-pricing.ts';
import { type PaymentReply, PREMIUM_MSG } from '../../../shared/schemas/premium.ts';
import type { Tx } from '../../db/client.ts';
import { effectivePlan } from '../accounts/user-info.ts';
import { type Charged, failed } from './billing.ts';
import { type PremiumDeps, Refused } from './deps.ts';
import { receiptMail, sendAfter } from './mails.ts';
import * as repo from './repo.ts';

/**
 * Writes a charge's effects in one transaction; if that fails after the money was taken, the
 * charge is refunded and both are kept in the ledger, so the ledger always matches the provider.
 */
export async function commitOrRefund(
  deps: PremiumDeps,
  userId: number,
  charge: { chargeId: string; amountCents: number; purpose: string; plan: PlanId },
  work: (tx: Tx) => Promise<void>,
): Promise<PaymentReply | null> {
  try {
    await deps.db.transaction(work);
    return null;
  } catch (error) {
    if (!charge.chargeId) {
      if (error instanceof Refused) return failed(error.message);
      throw error;
    }
    const refund = await deps.gateway.refund(charge.chargeId, charge.amountCents);
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      await repo.record(tx, { userId, kind: 'charge', ...chargeRow(charge), createdAt: now });
      if (refund.ok) {
        await repo.record(tx, {
          userId,
          kind: 'refund',
          ...chargeRow(charge),
          reference: refund.refundId,
          createdAt: now,
        });
      }
    });
    if (error instanceof Refused) return failed(error.message);
    throw error;
  }
}

const chargeRow = (c: { chargeId: string; amountCents: number; purpose: string; plan: PlanId }) => ({
  purpose: c.purpose,
  amountCents: c.amountCents,
  reference: c.chargeId,
  plan: c.plan,
});

export interface Activation {
  plan: PlanId;
  unit: PlanUnit;
  amountCents: number;
  charged: Charged;
  affiliateId: number | null;
}

/** A new subscription paid now: the plan takes effect at once and bills again one term later. */
export async function activate(
  deps: PremiumDeps,
  userId: number,
  a: Activation,
): Promise<PaymentReply | null> {
  const now = deps.clock.now();
  const nextBillingAt = addTerm(now, a.unit);
  const charge = {
    chargeId: a.charged.chargeId,
    amountCents: a.amountCents,
    purpose: 'payment',
    plan: a.plan,
  };
  const refusal = await commitOrRefund(deps, userId, charge, async (tx) => {
    const user = await repo.lockUser(tx, userId);
    if (!user) throw new Refused(PREMIUM_MSG.somethingWrong);
    if (PLANS[effectivePlan(user, now)].premium) throw new Refused(PREMIUM_MSG.alreadyPremium);
    const existing = await repo.findSubscription(tx, userId);
    // the affiliate earns on the first subscription only
    const referrer = existing ? null : a.affiliateId;
    await repo.setUserPlan(tx, userId, {
      plan: a.plan,
      planUnit: a.unit,
      nextBillingAt,
      planExpiresAt: null,
    });
    await repo.saveSubscription(tx, {
      userId,
      ...a.charged.method,
      renewalCents: planPriceCents(a.plan, a.unit)!,
      failures: 0,
      retryAt: null,
      since: now,
      cancelledAt: null,
      ...(referrer ? { referredBy: referrer } : {}),
    });
    await repo.record(tx, { userId, kind: 'charge', ...chargeRow(charge), createdAt: now });
    if (referrer) await payCommission(deps, tx, referrer, a.amountCents, now);
  });
  if (refusal) return refusal;
  await mailReceipt(deps, userId, { ...charge, unit: a.unit, nextBillingAt });
  return null;
}

async function payCommission(deps: PremiumDeps, tx: Tx, affiliateId: number, amountCents: number, now: Date) {
  const cents = commissionCents(amountCents, deps.commissionPercent);
  const affiliate = await repo.affiliateById(tx, affiliateId);
  if (!affiliate || cents <= 0) return;
  await repo.addEarnings(tx, affiliateId, cents);
  await repo.record(tx, {
    userId: affiliate.userId,
    kind: 'commission',
    purpose: 'referral',
    amountCents: cents,
    reference: `affiliate:${affiliateId}`,
    createdAt: now,
  });
}

export async function mailReceipt(
  deps: PremiumDeps,
  userId: number,
  c: {
    chargeId: string;
    amountCents: number;
    purpose: string;
    plan: PlanId;
    unit: string | null;
    nextBillingAt: Date | null;
  },
): Promise<void> {
  const user = await deps.accounts.findUser(userId);
  if (!user) return;
  await sendAfter(
    deps.mailer,
    receiptMail({ to: user.email, name: user.name, ...c, at: deps.clock.now() }),
    (e) => deps.log(e, 'premium receipt mail failed'),
  );
}
