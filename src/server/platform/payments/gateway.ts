/**
 * The one seam between billing and a payment provider (docs/payments.md). The app never keeps a
 * card number or a CVC: a card becomes a provider token at once, and only the token, the brand, the
 * last four digits and the expiry are stored. Amounts are integer cents.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover';

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface SavedCard {
  token: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** Why a card or a charge was refused; the billing service turns each into the user's message. */
export type DeclineCode = 'invalid' | 'unsupported' | 'declined' | 'insufficient_funds' | 'expired';

export type GatewayResult<T> = ({ ok: true } & T) | { ok: false; code: DeclineCode };

export interface ChargeOptions {
  /** a repeated request with the same key charges once (the provider's idempotency key) */
  idempotencyKey: string;
  description: string;
}

export interface Approval {
  /** the provider's token of this approval, passed back on return and capture */
  token: string;
  /** where the browser goes to approve */
  approveUrl: string;
}

export interface PaymentGateway {
  /** Turns a card into a reusable token (a $0 verification); refused cards answer a code. */
  saveCard(card: CardInput): Promise<GatewayResult<{ card: SavedCard }>>;
  /** Charges a saved card token or a billing agreement token. */
  chargeToken(
    token: string,
    amountCents: number,
    opts: ChargeOptions,
  ): Promise<GatewayResult<{ chargeId: string }>>;
  /** Gives back all or part of a charge. */
  refund(chargeId: string, amountCents: number): Promise<GatewayResult<{ refundId: string }>>;
  /** PayPal-like: starts an approval the buyer confirms on the provider's page. */
  startApproval(input: {
    amountCents: number;
    description: string;
    returnUrl: string;
    cancelUrl: string;
  }): Promise<Approval>;
  /**
   * Collects an approved approval: the charge and a billing agreement token that renewals charge
   * with chargeToken. An approval not approved (or cancelled, or captured already) is refused.
   */
  captureApproval(
    token: string,
    opts: ChargeOptions,
  ): Promise<GatewayResult<{ chargeId: string; agreementToken: string; amountCents: number }>>;
}
