import { PLANS, type PlanId } from '../../../shared/plans.ts';
import type { Mailer } from '../../platform/mailer.ts';

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const day = (d: Date) => d.toISOString().slice(0, 10);

export interface Receipt {
  to: string;
  name: string;
  amountCents: number;
  /** payment, upgrade, renewal, resubscribe, gift */
  purpose: string;
  plan: PlanId;
  unit: string | null;
  chargeId: string;
  nextBillingAt: Date | null;
  at: Date;
}

/** The receipt mailed after each successful charge. */
export function receiptMail(r: Receipt) {
  const lines = [
    `Hello ${r.name},`,
    '',
    `Thank you for your payment of ${dollars(r.amountCents)} for Folio ${PLANS[r.plan].label}${r.unit ? ` (${r.unit}ly)` : ''}.`,
    '',
    `Date: ${day(r.at)}`,
    `Kind: ${r.purpose}`,
    `Reference: ${r.chargeId}`,
    ...(r.nextBillingAt ? [`Next billing date: ${day(r.nextBillingAt)}`] : []),
  ];
  return { to: r.to, subject: `Your Folio receipt: ${dollars(r.amountCents)}`, text: lines.join('\n') };
}

/** The gift's mail to its recipient with the redeem link. */
export function giftMail(to: string, from: string, link: string, note: string | undefined) {
  const lines = [
    `${from} has given you one year of Folio Professional.`,
    ...(note ? ['', note] : []),
    '',
    `Redeem it here (sign in or sign up first): ${link}`,
  ];
  return { to, subject: `${from} sent you a year of Folio Professional`, text: lines.join('\n') };
}

/** Sends a mail after the change is committed: a mail that fails never undoes a payment. */
export async function sendAfter(
  mailer: Mailer,
  mail: { to: string; subject: string; text: string },
  log: (e: unknown) => void,
) {
  try {
    await mailer.send(mail);
  } catch (error) {
    log(error);
  }
}
