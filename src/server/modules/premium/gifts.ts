import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { PLANS } from '../../../shared/plans.ts';
import { addTerm, GIFT_PLAN, planPriceCents } from '../../../shared/premium-pricing.ts';
import { type giftSchema, type PaymentReply, PREMIUM_MSG } from '../../../shared/schemas/premium.ts';
import { tokenHash } from '../../platform/auth/sessions.ts';
import { open, seal } from '../../platform/secret-box.ts';
import { effectivePlan } from '../accounts/user-info.ts';
import { type Charged, chargeCard, failed, once, succeeded } from './billing.ts';
import { commitOrRefund, mailReceipt } from './commit.ts';
import { type PremiumDeps, Refused } from './deps.ts';
import { giftMail, sendAfter } from './mails.ts';
import * as repo from './repo.ts';

type GiftInput = z.infer<typeof giftSchema>;
export const GIFT_DONE_URL = '/setting?gift=sent';

/** Gifts of one year of Professional: bought by card or PayPal, mailed, redeemed once (issue 20). */
export class GiftsService {
  constructor(private readonly deps: PremiumDeps) {}

  private codeHash(code: string): string {
    return tokenHash(this.deps.secret, `gift:${code}`);
  }

  private link(base: string, code: string): string {
    return `${base}/premium/gift/redeem?code=${encodeURIComponent(code)}`;
  }

  /** POST /api/premium/gift by card; PayPal goes through PremiumService.startCheckout. */
  async buyByCard(userId: number, input: GiftInput, origin: string): Promise<PaymentReply> {
    const amount = planPriceCents(GIFT_PLAN, 'year')!;
    return once(this.deps.db, userId, input.idempotency_key, this.deps.clock.now(), async (key) => {
      const r = await chargeCard(this.deps.gateway, input, amount, key, 'Folio gift');
      if (!r.ok) return failed(r.message);
      return (
        (await this.create(
          userId,
          { recipient: input.recipient, note: input.message },
          r.charged,
          amount,
          origin,
        )) ?? succeeded(GIFT_DONE_URL)
      );
    });
  }

  /** Records a paid gift and mails its redeem link to the recipient. */
  async create(
    buyerId: number,
    gift: { recipient: string; note: string | undefined },
    charged: Charged,
    amountCents: number,
    origin: string,
  ): Promise<PaymentReply | null> {
    const now = this.deps.clock.now();
    const code = randomBytes(24).toString('base64url');
    const charge = { chargeId: charged.chargeId, amountCents, purpose: 'gift', plan: GIFT_PLAN };
    const refusal = await commitOrRefund(this.deps, buyerId, charge, async (tx) => {
      await repo.insertGift(tx, {
        buyerId,
        codeHash: this.codeHash(code),
        codeSealed: seal(this.deps.secretsKey, code),
        recipient: gift.recipient,
        plan: GIFT_PLAN,
        createdAt: now,
      });
      await repo.record(tx, {
        userId: buyerId,
        kind: 'charge',
        purpose: 'gift',
        amountCents,
        reference: charged.chargeId,
        plan: GIFT_PLAN,
        createdAt: now,
      });
    });
    if (refusal) return refusal;
    const buyer = await this.deps.accounts.findUser(buyerId);
    const from = buyer ? [buyer.firstName, buyer.lastName].join(' ').trim() || buyer.name : 'A Folio user';
    await sendAfter(
      this.deps.mailer,
      giftMail(gift.recipient, from, this.link(this.deps.publicUrl ?? origin, code), gift.note),
      (e) => this.deps.log(e, 'gift mail failed'),
    );
    await mailReceipt(this.deps, buyerId, { ...charge, unit: null, nextBillingAt: null });
    return null;
  }

  /**
   * POST /premium/gift/redeem (the gift page's button): one year of Professional. A Professional subscription bills one year
   * later (or, cancelled, expires one year later); any other plan becomes Professional for a year
   * from now without renewal (a running subscription of a lower plan stops renewing).
   */
  async redeem(userId: number, code: string): Promise<boolean> {
    const now = this.deps.clock.now();
    const refusal = await commitOrRefund(
      this.deps,
      userId,
      { chargeId: '', amountCents: 0, purpose: 'gift', plan: GIFT_PLAN },
      async (tx) => {
        const user = await repo.lockUser(tx, userId);
        const gift = user && (await repo.redeemGift(tx, this.codeHash(code), userId, now));
        if (!user || !gift) throw new Refused(PREMIUM_MSG.giftInvalid);
        if (effectivePlan(user, now) === GIFT_PLAN && (user.nextBillingAt || user.planExpiresAt)) {
          await repo.setUserPlan(
            tx,
            userId,
            user.nextBillingAt
              ? { nextBillingAt: addTerm(user.nextBillingAt, 'year') }
              : { planExpiresAt: addTerm(user.planExpiresAt!, 'year') },
          );
          return;
        }
        await repo.setUserPlan(tx, userId, {
          plan: GIFT_PLAN,
          planUnit: 'year',
          nextBillingAt: null,
          planExpiresAt: addTerm(now, 'year'),
        });
        await repo.updateSubscription(tx, userId, { cancelledAt: now, retryAt: null, failures: 0 });
      },
    );
    return refusal === null;
  }

  /** The buyer's gifts for settings (part 2 §3 gift row). */
  async rowsOf(buyerId: number, base: string) {
    const rows = await repo.giftsOf(this.deps.db, buyerId);
    return rows.map((g) => ({
      purchaseDate: Math.floor(g.createdAt.getTime() / 1000),
      recipient: g.recipient,
      servicePlan: PLANS[g.plan as 'professional']?.label ?? g.plan,
      status: g.status,
      link: this.link(base, open(this.deps.secretsKey, g.codeSealed)),
    }));
  }
}
