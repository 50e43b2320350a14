import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { optional, text } from './fields.ts';

/**
 * Premium plans and billing (spec part 2 §3, §5, §7, §8, §9; issue 20): the calls' payloads as the
 * original client sends them (form strings, '' for absent) and their replies. The server and the
 * pages both read this file; it is the contract between them.
 */

/** Spec part 2 §5, §8: the payment texts, word for word where the spec gives them. */
export const PREMIUM_MSG = {
  somethingWrong: 'Something wrong, please try later.',
  cardTypeUnsupported: 'Your card type may not be supported.',
  cardInvalid: 'The credit card information is not valid. Please check your entries carefully.',
  // settings' credit card form (§5)
  cardNumberRequired: 'please input your credit card number',
  cardExpireRequired: 'please select the expire date',
  cardExpireInvalid: 'the expire date is invalid',
  cvcInvalid: 'cvc is invalid',
  changeCardOk: 'Change credit card success',
  changeCardFailed: 'Change credit card fail',
  cancelFailed: 'Cancel subscription failed.',
  // not given by the spec
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  amountChanged: 'The price has changed. Please reload the page and try again.',
  alreadyPremium: 'You already have a premium plan.',
  cannotUpgrade: 'This plan is not an upgrade of your current plan.',
  notSubscribed: 'You have no subscription to change.',
  notCancelled: 'Your subscription is not cancelled.',
  paypalCancelled: 'The PayPal payment was cancelled.',
  giftInvalid: 'This gift link is not valid or has already been used.',
  inProgress: 'Your payment is being processed. Please wait a moment and reload the page.',
  cancelled: 'Your subscription is cancelled. Premium stays until the end of the paid term.',
} as const;

export const SELLABLE_PLANS = ['basic', 'standard', 'professional'] as const;
export type SellablePlan = (typeof SELLABLE_PLANS)[number];
export const UPGRADE_PLANS = ['standard', 'professional'] as const;
/** `plan` of the payment payload: the term */
export const PAYMENT_TERMS = ['premium1year', 'premium1month'] as const;
export const PAYMENT_METHODS = ['credit', 'paypal'] as const;

const cardNumber = optional(
  z
    .string()
    .trim()
    .max(16 + 3, { error: PREMIUM_MSG.cardInvalid }),
);
const twoDigits = optional(z.string().trim().max(4, { error: PREMIUM_MSG.cardExpireInvalid }));
const cvc = optional(z.string().trim().max(4, { error: PREMIUM_MSG.cvcInvalid }));

/** One per payment attempt (letters, digits, - and _): a repeated submit with it never charges twice. */
const attemptKey = optional(
  z
    .string()
    .trim()
    .regex(/^[\w-]{8,64}$/, { error: 'Invalid attempt key.' }),
);

/** GET /interact_api/load_user_premium_info?daf=: an affiliate's code to keep (60 days) */
export const premiumInfoQuerySchema = z.object({
  daf: z
    .string()
    .trim()
    .regex(/^[\w-]{1,64}$/)
    .optional()
    .or(z.literal('')),
});

/** Back from PayPal (return and cancel): the checkout's token */
export const paypalTokenQuerySchema = z.object({
  token: z
    .string()
    .trim()
    .regex(/^[\w-]{1,200}$/),
});

/** GET /premium/gift/redeem?code= */
export const giftRedeemQuerySchema = z.object({ code: z.string().trim().max(200).optional().default('') });

/** The sandbox gateway's approval page: the checkout's token and, posted, the choice */
export const sandboxApprovalQuerySchema = z.object({
  token: z.string().regex(/^[\w-]{1,200}$/),
  choice: z.enum(['approve', 'cancel']).optional(),
});

/** The card fields of a payment (part 2 §3 Card input); required only when paying by card. */
export const cardFieldsSchema = z.object({
  card_number: cardNumber,
  exp_month: twoDigits,
  exp_year: twoDigits,
  cvc,
});

/** POST /api/premium/payment (part 2 §7 payment payload). */
export const paymentSchema = cardFieldsSchema.extend({
  service_plan: z.enum(SELLABLE_PLANS, { error: 'Choose a plan.' }),
  plan: z.enum(PAYMENT_TERMS, { error: 'Choose a term.' }),
  method: z.enum(PAYMENT_METHODS, { error: 'Choose a payment method.' }),
  coupon: optional(text().trim().max(64)),
  /** the first-year amount the page showed (dollars, e.g. '29.5'); refused when it differs */
  famount: optional(z.string().trim().max(16)),
  /** the thanksgiving offer's page sends 'thanksgiving' */
  offer: optional(z.enum(['thanksgiving'])),
  /** one per attempt: a repeated submit with the same key never charges twice */
  idempotency_key: attemptKey,
});

/** POST /api/premium/upgrade (part 2 §7 upgrade payload). splan as the spec writes it: 'Standard'. */
export const upgradeSchema = cardFieldsSchema.extend({
  splan: z
    .string()
    .trim()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(UPGRADE_PLANS, { error: 'Choose a plan.' })),
  unit: z.enum(['year', 'month'], { error: 'Choose a term.' }),
  /** the upgrade fee the page showed, dollars */
  amount: optional(z.string().trim().max(16)),
  idempotency_key: attemptKey,
});

/** POST /api/premium/resubscribe: empty, or the card fields. */
export const resubscribeSchema = cardFieldsSchema.extend({
  idempotency_key: attemptKey,
});

/** POST /api/settings/changeCreditCard {number, month, year, cvc} (part 2 §7). */
export const changeCreditCardSchema = z.object({
  number: optional(z.string().trim().max(19, { error: PREMIUM_MSG.cardInvalid })),
  month: optional(z.string().trim().max(2, { error: PREMIUM_MSG.cardExpireRequired })),
  year: optional(z.string().trim().max(4, { error: PREMIUM_MSG.cardExpireInvalid })),
  cvc,
});

/** The reply of changeCreditCard: code 0 gives card_errors by field and a message (part 2 §7). */
export const changeCreditCardReplySchema = z.object({
  code: z.number().int(),
  message: z.string(),
  card_errors: z
    .object({ number: z.string(), year: z.string(), cvc: z.string(), type: z.string() })
    .partial()
    .optional(),
});

/** POST /api/premium/gift: one year of Professional for a recipient. */
export const giftSchema = cardFieldsSchema.extend({
  recipient: emailSchema,
  method: z.enum(PAYMENT_METHODS, { error: 'Choose a payment method.' }),
  message: optional(text().trim().max(500)),
  idempotency_key: attemptKey,
});

/** The reply of payment, upgrade, resubscribe and gift: status 1 success, then go to redirect_to. */
export const paymentReplySchema = z.object({
  status: z.number().int(),
  redirect_to: z.string(),
  message: z.string(),
});
export type PaymentReply = z.infer<typeof paymentReplySchema>;

const upgradeOffer = z
  .object({
    /** dollars */
    upgradeFee: z.number(),
    /** seconds */
    nextBillingTime: z.number(),
    newServicePlanPrice: z.number(),
  })
  .nullable();

const planPrices = z.object({
  monthPrice: z.number().nullable(),
  yearPrice: z.number().nullable(),
  canUpgradeTo: z.boolean(),
  upgradeToYear: upgradeOffer,
  upgradeToMonth: upgradeOffer,
});

/** GET /interact_api/load_user_premium_info (part 2 §3 Premium info); works signed out too. */
export const premiumInfoReplySchema = z.object({
  signedIn: z.boolean(),
  servicePlan: z.enum(['free', 'basic', 'standard', 'professional', 'business']),
  planUnit: z.enum(['month', 'year']).nullable(),
  isBusiness: z.boolean(),
  /** percent off the first year the visitor is offered (the affiliate's 10), else 0 */
  discount: z.number(),
  /** the affiliate code from the affiliate cookie, or null */
  affiliate: z.string().nullable(),
  /** seconds; set once a subscription is cancelled or lapsing */
  expireTime: z.number().nullable(),
  /** seconds */
  nextBillingDate: z.number().nullable(),
  /** masked, last 4 digits, e.g. '**** **** **** 4242', or null */
  creditCardNum: z.string().nullable(),
  method: z.enum(['paypal', 'card']).nullable(),
  /** what the current term costs, dollars */
  nowPrice: z.number().nullable(),
  cancelled: z.boolean(),
  basic: planPrices,
  standard: planPrices,
  professional: planPrices,
});
export type PremiumInfoReply = z.infer<typeof premiumInfoReplySchema>;

/** GET /api/affiliate/info: the affiliate console. Amounts in dollars. */
export const affiliateInfoReplySchema = z.object({
  link: z.string(),
  total: z.number(),
  available: z.number(),
  referrals: z.number().int(),
});

/** A gift row (part 2 §3): as settings' premium.gifts lists them. */
export const giftRowSchema = z.object({
  purchaseDate: z.number(),
  recipient: z.string(),
  servicePlan: z.string(),
  status: z.enum(['sent', 'redeemed']),
  link: z.string(),
});
