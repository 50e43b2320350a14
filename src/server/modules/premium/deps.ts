import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { PaymentGateway } from '../../platform/payments/gateway.ts';
import type { AccountsService } from '../accounts/service.ts';

export interface PremiumDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  gateway: PaymentGateway;
  accounts: AccountsService;
  /** keys the gift codes' hashes */
  secret: string;
  /** seals the gift codes so the buyer's settings can show the link again */
  secretsKey: string;
  /** the affiliate's share of a referred payment (AFFILIATE_COMMISSION_PERCENT) */
  commissionPercent: number;
  /** absolute links in mails and settings; the request's origin when unset */
  publicUrl: string | undefined;
  log: (error: unknown, message: string) => void;
}

/** A payment refused after the charge (the account changed meanwhile): the charge is refunded. */
export class Refused extends Error {}
