import { randomBytes } from 'node:crypto';
import { cardBrand, cardDigits, cardExpired, luhnValid } from './card-rules.ts';
import type {
  Approval,
  CardInput,
  ChargeOptions,
  GatewayResult,
  PaymentGateway,
  SavedCard,
} from './gateway.ts';

/**
 * The built-in sandbox gateway (the default): the whole billing flow runs without a provider.
 * Test cards behave like a provider's: 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has
 * insufficient funds, 4000 0000 0000 0341 is saved but every later charge is declined (a renewal
 * that fails); any other valid Visa, Mastercard, American Express or Discover number succeeds.
 * A saved token names its behaviour (`sbx_ok_…`), so tokens keep working after a restart.
 * PayPal-like approvals live in memory: the approval page of this instance (routes.ts) settles them.
 */
type Behaviour = 'ok' | 'decline' | 'nofunds' | 'failcharge';
const SPECIAL: Record<string, Behaviour> = {
  '4000000000000002': 'decline',
  '4000000000009995': 'nofunds',
  '4000000000000341': 'failcharge',
};

export interface SandboxCharge {
  chargeId: string;
  token: string;
  amountCents: number;
  idempotencyKey: string;
  refundedCents: number;
}

interface SandboxApproval {
  amountCents: number;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  status: 'pending' | 'approved' | 'cancelled' | 'captured';
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export class SandboxGateway implements PaymentGateway {
  /** every charge made, for tests and the operator's eyes; by idempotency key */
  readonly charges = new Map<string, SandboxCharge>();
  private readonly approvals = new Map<string, SandboxApproval>();

  constructor(
    private readonly now: () => Date = () => new Date(),
    /** where the approval page is served */
    private readonly approvePath = '/premium/paypal/approve',
  ) {}

  async saveCard(input: CardInput): Promise<GatewayResult<{ card: SavedCard }>> {
    const digits = cardDigits(input.number);
    if (!luhnValid(digits)) return { ok: false, code: 'invalid' };
    const brand = cardBrand(digits);
    if (!brand) return { ok: false, code: 'unsupported' };
    if (!/^\d{3,4}$/.test(input.cvc) || (brand === 'amex') !== (input.cvc.length === 4)) {
      return { ok: false, code: 'invalid' };
    }
    if (cardExpired(input.expMonth, input.expYear, this.now())) return { ok: false, code: 'expired' };
    const behaviour = SPECIAL[digits] ?? 'ok';
    if (behaviour === 'decline') return { ok: false, code: 'declined' };
    if (behaviour === 'nofunds') return { ok: false, code: 'insufficient_funds' };
    return {
      ok: true,
      card: {
        token: newId(`sbx_${behaviour}`),
        brand,
        last4: digits.slice(-4),
        expMonth: input.expMonth,
        expYear: input.expYear,
      },
    };
  }

  async chargeToken(
    token: string,
    amountCents: number,
    opts: ChargeOptions,
  ): Promise<GatewayResult<{ chargeId: string }>> {
    const done = this.charges.get(opts.idempotencyKey);
    if (done) return { ok: true, chargeId: done.chargeId };
    if (!Number.isInteger(amountCents) || amountCents <= 0) return { ok: false, code: 'invalid' };
    if (token.startsWith('sbx_failcharge_')) return { ok: false, code: 'declined' };
    if (!token.startsWith('sbx_ok_') && !token.startsWith('sbxpp_agr_'))
      return { ok: false, code: 'invalid' };
    const chargeId = newId('ch');
    this.charges.set(opts.idempotencyKey, {
      chargeId,
      token,
      amountCents,
      idempotencyKey: opts.idempotencyKey,
      refundedCents: 0,
    });
    return { ok: true, chargeId };
  }

  async refund(chargeId: string, amountCents: number): Promise<GatewayResult<{ refundId: string }>> {
    const charge = [...this.charges.values()].find((c) => c.chargeId === chargeId);
    if (!charge || amountCents <= 0 || charge.refundedCents + amountCents > charge.amountCents) {
      return { ok: false, code: 'invalid' };
    }
    charge.refundedCents += amountCents;
    return { ok: true, refundId: newId('re') };
  }

  async startApproval(input: {
    amountCents: number;
    description: string;
    returnUrl: string;
    cancelUrl: string;
  }): Promise<Approval> {
    const token = newId('sbxpp');
    this.approvals.set(token, { ...input, status: 'pending' });
    return { token, approveUrl: `${this.approvePath}?token=${encodeURIComponent(token)}` };
  }

  /** What the approval page shows; undefined for an unknown or settled token. */
  pendingApproval(token: string): { amountCents: number; description: string } | undefined {
    const a = this.approvals.get(token);
    return a?.status === 'pending' ? { amountCents: a.amountCents, description: a.description } : undefined;
  }

  /** The buyer's choice on the approval page; answers where the browser goes next. */
  settleApproval(token: string, approve: boolean): string | undefined {
    const a = this.approvals.get(token);
    if (a?.status !== 'pending') return undefined;
    a.status = approve ? 'approved' : 'cancelled';
    const back = approve ? a.returnUrl : a.cancelUrl;
    return `${back}${back.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
  }

  async captureApproval(
    token: string,
    opts: ChargeOptions,
  ): Promise<GatewayResult<{ chargeId: string; agreementToken: string; amountCents: number }>> {
    const a = this.approvals.get(token);
    if (a?.status !== 'approved') return { ok: false, code: 'declined' };
    const agreementToken = newId('sbxpp_agr');
    const charged = await this.chargeToken(agreementToken, a.amountCents, opts);
    if (!charged.ok) return charged;
    a.status = 'captured';
    return { ok: true, chargeId: charged.chargeId, agreementToken, amountCents: a.amountCents };
  }
}
