import { z } from 'zod';
import type { PlanId, PlanUnit } from '../../../shared/plans.ts';
import { addTerm, DAY_MS } from '../../../shared/premium-pricing.ts';
import type { Db } from '../../db/client.ts';
import { defineJob, type JobQueue, jobType } from '../../platform/jobs.ts';
import { DECLINE_MESSAGES } from './billing.ts';
import { commitOrRefund, mailReceipt } from './commit.ts';
import { type PremiumDeps, Refused } from './deps.ts';
import * as repo from './repo.ts';

/** Days after the billing date a failed renewal is tried again; after the last, the plan lapses. */
export const RETRY_DAYS = [1, 3, 7] as const;
/** How often the renewal sweep runs. */
export const RENEWAL_SWEEP_MS = 3_600_000;
const BATCH = 50;

export const PREMIUM_RENEWALS_JOB = jobType('premium-renewals', z.object({}));

/** Queues the sweep (main.ts at boot; the job then queues its next run itself). */
export function queueRenewals(jobs: JobQueue, db: Db, runAt?: Date): Promise<void> {
  return jobs.enqueue(
    db,
    PREMIUM_RENEWALS_JOB,
    {},
    { dedupeKey: 'next', maxAttempts: 1, ...(runAt ? { runAt } : {}) },
  );
}

/**
 * The renewal sweep: charges each subscription whose billing date (or retry) has come with its
 * stored card or PayPal agreement; a failure retries RETRY_DAYS after the billing date, then the
 * plan lapses to free (nothing is deleted: the over-quota rules apply). Cancelled subscriptions and
 * gifts simply end at their expiry.
 */
export class Renewals {
  constructor(
    private readonly deps: PremiumDeps,
    private readonly jobs: JobQueue,
  ) {}

  definition() {
    return defineJob(PREMIUM_RENEWALS_JOB, async () => {
      try {
        await this.runOnce();
      } finally {
        await queueRenewals(
          this.jobs,
          this.deps.db,
          new Date(this.deps.clock.now().getTime() + RENEWAL_SWEEP_MS),
        );
      }
    });
  }

  async runOnce(): Promise<{ renewed: number; failed: number; lapsed: number }> {
    const summary = { renewed: 0, failed: 0, lapsed: 0 };
    const now = this.deps.clock.now();
    const seen = new Set<number>();
    for (;;) {
      const due = (await repo.dueRenewals(this.deps.db, now, BATCH)).filter((id) => !seen.has(id));
      if (due.length === 0) break;
      for (const userId of due) {
        seen.add(userId);
        summary[await this.renew(userId, now)] += 1;
      }
    }
    for (;;) {
      const expired = await repo.expiredUsers(this.deps.db, now, BATCH);
      if (expired.length === 0) break;
      for (const userId of expired) await this.lapse(userId, now);
      summary.lapsed += expired.length;
    }
    return summary;
  }

  private async renew(userId: number, now: Date): Promise<'renewed' | 'failed' | 'lapsed'> {
    const user = await this.deps.accounts.findUser(userId);
    const sub = await repo.findSubscription(this.deps.db, userId);
    if (!user?.nextBillingAt || !user.planUnit || !sub) return 'failed';
    const due = user.nextBillingAt;
    const unit = user.planUnit as PlanUnit;
    const plan = user.plan as PlanId;
    // one key per term and attempt: a sweep run twice never charges a term twice
    const key = `renew:${userId}:${due.toISOString()}:${sub.failures}`;
    const charged = await this.deps.gateway.chargeToken(sub.token, sub.renewalCents, {
      idempotencyKey: key,
      description: 'Folio renewal',
    });
    if (!charged.ok) {
      const failures = sub.failures + 1;
      if (failures > RETRY_DAYS.length) {
        await this.lapse(userId, now);
        return 'lapsed';
      }
      await repo.updateSubscription(this.deps.db, userId, {
        failures,
        retryAt: new Date(due.getTime() + RETRY_DAYS[failures - 1]! * DAY_MS),
      });
      this.deps.log({ userId, reason: DECLINE_MESSAGES[charged.code] }, 'premium renewal failed');
      return 'failed';
    }
    const nextBillingAt = addTerm(due, unit);
    const charge = { chargeId: charged.chargeId, amountCents: sub.renewalCents, purpose: 'renewal', plan };
    const refusal = await commitOrRefund(this.deps, userId, charge, async (tx) => {
      const locked = await repo.lockUser(tx, userId);
      // the user changed the subscription while the charge ran (cancel, upgrade): give it back
      if (locked?.nextBillingAt?.getTime() !== due.getTime() || locked.planExpiresAt)
        throw new Refused('changed');
      await repo.setUserPlan(tx, userId, { nextBillingAt });
      await repo.updateSubscription(tx, userId, { failures: 0, retryAt: null });
      await repo.record(tx, {
        userId,
        kind: 'charge',
        purpose: 'renewal',
        amountCents: sub.renewalCents,
        reference: charged.chargeId,
        plan,
        createdAt: now,
      });
    });
    if (refusal) return 'failed';
    await mailReceipt(this.deps, userId, { ...charge, unit, nextBillingAt });
    return 'renewed';
  }

  /** Back to the free plan; the subscription row stays (history, a later payment). */
  private async lapse(userId: number, now: Date): Promise<void> {
    await this.deps.db.transaction(async (tx) => {
      await repo.setUserPlan(tx, userId, {
        plan: 'free',
        planUnit: null,
        nextBillingAt: null,
        planExpiresAt: null,
      });
      await repo.updateSubscription(tx, userId, { failures: 0, retryAt: null, cancelledAt: now });
    });
  }
}
