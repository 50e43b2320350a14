import {
  affiliateInfoReplySchema,
  changeCreditCardReplySchema,
  changeCreditCardSchema,
  giftRedeemQuerySchema,
  giftSchema,
  paymentReplySchema,
  paymentSchema,
  paypalTokenQuerySchema,
  premiumInfoQuerySchema,
  premiumInfoReplySchema,
  resubscribeSchema,
  sandboxApprovalQuerySchema,
  upgradeSchema,
} from '../schemas/premium.ts';
import { noFieldsSchema, settingsReplySchema } from '../schemas/settings.ts';
import { defineCall } from './define.ts';

/**
 * Premium plans and billing (part 2 §7): the prices, paying (card or PayPal), the subscription, gifts
 * and the affiliate console. Paying and changing the card are a browser session's alone.
 */
export const premiumCalls = {
  info: defineCall({
    method: 'GET',
    path: '/interact_api/load_user_premium_info',
    summary:
      'Premium info: prices, upgrade offers, the subscription (part 2 §3); ?daf= keeps an affiliate code 60 days',
    caller: 'visitor',
    query: premiumInfoQuerySchema,
    reply: premiumInfoReplySchema,
  }),
  payment: defineCall({
    method: 'POST',
    path: '/api/premium/payment',
    summary: 'Buy a plan by card or PayPal (part 2 §7 payment payload)',
    caller: 'session',
    scope: 'none',
    body: paymentSchema,
    reply: paymentReplySchema,
  }),
  upgrade: defineCall({
    method: 'POST',
    path: '/api/premium/upgrade',
    summary: 'Upgrade the plan or term for the prorated fee (part 2 §7)',
    caller: 'session',
    scope: 'none',
    body: upgradeSchema,
    reply: paymentReplySchema,
  }),
  resubscribe: defineCall({
    method: 'POST',
    path: '/api/premium/resubscribe',
    summary: 'Renew a cancelled subscription again (part 2 §7)',
    caller: 'session',
    scope: 'none',
    body: resubscribeSchema,
    reply: paymentReplySchema,
  }),
  gift: defineCall({
    method: 'POST',
    path: '/api/premium/gift',
    summary: 'Give one year of Professional to an e-mail address',
    caller: 'session',
    scope: 'none',
    body: giftSchema,
    reply: paymentReplySchema,
  }),
  /** PayPal sends the browser back here: a redirect */
  paypalReturn: defineCall({
    method: 'GET',
    path: '/api/premium/paypal/return',
    summary: 'Back from an approved PayPal checkout: capture, then redirect',
    caller: 'session',
    scope: 'none',
    query: paypalTokenQuerySchema,
    produces: 'text/html',
  }),
  paypalCancel: defineCall({
    method: 'GET',
    path: '/api/premium/paypal/cancel',
    summary: 'Back from a cancelled PayPal checkout: redirect',
    caller: 'session',
    scope: 'none',
    query: paypalTokenQuerySchema,
    produces: 'text/html',
  }),
  /** the link in the gift mail: a page whose button posts the redeem (a GET changes nothing) */
  redeemGift: defineCall({
    method: 'GET',
    path: '/premium/gift/redeem',
    summary:
      'The gift page: one year of Professional and a Redeem button that posts the code (signed out: sign ' +
      'in first). Opening it changes nothing',
    caller: 'visitor',
    query: giftRedeemQuerySchema,
    produces: 'text/html',
  }),
  /** the gift page's form: a redirect to /premium?gift=redeemed|invalid */
  redeemGiftConfirm: defineCall({
    method: 'POST',
    path: '/premium/gift/redeem',
    summary: 'Redeem a gift {code}: one year of Professional, then /premium?gift=redeemed or invalid',
    caller: 'visitor',
    scope: 'none',
    body: giftRedeemQuerySchema,
    produces: 'text/html',
  }),
  affiliateInfo: defineCall({
    method: 'GET',
    path: '/api/affiliate/info',
    summary: 'The affiliate console: link, total and available earnings',
    caller: 'session',
    reply: affiliateInfoReplySchema,
  }),
  changeCreditCard: defineCall({
    method: 'POST',
    path: '/api/settings/changeCreditCard',
    summary: 'A new card for renewals {number, month, year, cvc}',
    caller: 'session',
    scope: 'none',
    body: changeCreditCardSchema,
    reply: changeCreditCardReplySchema,
  }),
  cancelSubscription: defineCall({
    method: 'POST',
    path: '/api/settings/cancelSubscribe',
    summary: 'Stop renewal; premium stays until the paid term ends',
    caller: 'session',
    scope: 'none',
    body: noFieldsSchema,
    reply: settingsReplySchema,
  }),
  /** the built-in sandbox gateway's PayPal-like page (only with the sandbox) */
  sandboxApprovalPage: defineCall({
    method: 'GET',
    path: '/premium/paypal/approve',
    summary: 'Sandbox PayPal approval page (Approve or Cancel)',
    caller: 'visitor',
    scope: 'none',
    query: sandboxApprovalQuerySchema,
    produces: 'text/html',
  }),
  sandboxApprove: defineCall({
    method: 'POST',
    path: '/premium/paypal/approve',
    summary: 'Sandbox PayPal: approve or cancel {token, choice}',
    caller: 'visitor',
    scope: 'none',
    query: sandboxApprovalQuerySchema,
    produces: 'text/html',
  }),
};
