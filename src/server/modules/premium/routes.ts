import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GIFT_PLAN, planPriceCents } from '../../../shared/premium-pricing.ts';
import {
  affiliateInfoReplySchema,
  changeCreditCardReplySchema,
  changeCreditCardSchema,
  giftSchema,
  paymentReplySchema,
  paymentSchema,
  premiumInfoReplySchema,
  resubscribeSchema,
  upgradeSchema,
} from '../../../shared/schemas/premium.ts';
import { settingsReplySchema } from '../../../shared/schemas/settings.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { contract, signedIn } from '../../platform/contract.ts';
import { SandboxGateway } from '../../platform/payments/sandbox.ts';
import type { GiftsService } from './gifts.ts';
import type { PremiumInfoService } from './info.ts';
import { registerSandboxApprovalPage } from './paypal-page.ts';
import type { PremiumService } from './service.ts';

export interface PremiumRouteDeps {
  premium: PremiumService;
  info: PremiumInfoService;
  gifts: GiftsService;
  auth: Auth;
  publicUrl: string | undefined;
  secureCookies: boolean;
  gateway: unknown;
}

/** The affiliate cookie: an affiliate's code from /premium?daf=, kept 60 days (part 2 §9). */
export const AFFILIATE_COOKIE = 'daf';
export const AFFILIATE_COOKIE_DAYS = 60;

const response = { 200: paymentReplySchema };

export async function registerPremiumRoutes(app: FastifyInstance, deps: PremiumRouteDeps) {
  const { premium, info, gifts, auth } = deps;
  const r = contract(app);
  const preValidation = signedIn(auth);
  const origin = (request: FastifyRequest) => deps.publicUrl ?? `${request.protocol}://${request.host}`;
  const me = async (request: FastifyRequest) => (await auth.requireUser(request)).id;
  const affiliateCode = (request: FastifyRequest) => request.cookies[AFFILIATE_COOKIE];

  r.get(
    '/interact_api/load_user_premium_info',
    {
      schema: {
        summary:
          'Premium info: prices, upgrade offers, the subscription (part 2 §3); ?daf= keeps an affiliate code 60 days',
        public: true,
        querystring: z.object({
          daf: z
            .string()
            .trim()
            .regex(/^[\w-]{1,64}$/)
            .optional()
            .or(z.literal('')),
        }),
        response: { 200: premiumInfoReplySchema },
      },
    },
    async (request, reply) => {
      const user = await auth.currentUser(request);
      const fromQuery = request.query.daf ? await premium.referrer(null, request.query.daf) : null;
      if (fromQuery) setAffiliateCookie(reply, fromQuery.code, deps.secureCookies);
      const affiliate = fromQuery ?? (await premium.referrer(user?.id ?? null, affiliateCode(request)));
      reply.header('cache-control', 'no-store');
      return info.info(user?.id ?? null, affiliate && affiliate.userId !== user?.id ? affiliate : null);
    },
  );

  r.post(
    '/api/premium/payment',
    {
      preValidation,
      schema: {
        summary: 'Buy a plan by card or PayPal (part 2 §7 payment payload)',
        body: paymentSchema,
        response,
      },
    },
    async (request) =>
      premium.pay(await me(request), request.body, {
        affiliateCode: affiliateCode(request),
        origin: origin(request),
      }),
  );
  r.post(
    '/api/premium/upgrade',
    {
      preValidation,
      schema: {
        summary: 'Upgrade the plan or term for the prorated fee (part 2 §7)',
        body: upgradeSchema,
        response,
      },
    },
    async (request) => premium.upgrade(await me(request), request.body),
  );
  r.post(
    '/api/premium/resubscribe',
    {
      preValidation,
      schema: {
        summary: 'Renew a cancelled subscription again (part 2 §7)',
        body: resubscribeSchema,
        response,
      },
    },
    async (request) => premium.resubscribe(await me(request), request.body),
  );
  r.post(
    '/api/premium/gift',
    {
      preValidation,
      schema: { summary: 'Give one year of Professional to an e-mail address', body: giftSchema, response },
    },
    async (request) => {
      const userId = await me(request);
      const body = request.body;
      if (body.method === 'paypal') {
        return premium.startCheckout(
          userId,
          planPriceCents(GIFT_PLAN, 'year')!,
          { kind: 'gift', recipient: body.recipient, note: body.message ?? null },
          origin(request),
        );
      }
      return gifts.buyByCard(userId, body, origin(request));
    },
  );

  const tokenQuery = z.object({
    token: z
      .string()
      .trim()
      .regex(/^[\w-]{1,200}$/),
  });
  r.get(
    '/api/premium/paypal/return',
    {
      preValidation,
      schema: {
        summary: 'Back from an approved PayPal checkout: capture, then redirect',
        querystring: tokenQuery,
        produces: 'text/html',
      },
    },
    async (request, reply) =>
      reply.redirect(
        await premium.paypalReturn(await me(request), request.query.token, origin(request)),
        303,
      ),
  );
  r.get(
    '/api/premium/paypal/cancel',
    {
      preValidation,
      schema: {
        summary: 'Back from a cancelled PayPal checkout: redirect',
        querystring: tokenQuery,
        produces: 'text/html',
      },
    },
    async (request, reply) =>
      reply.redirect(await premium.paypalCancel(await me(request), request.query.token), 303),
  );

  r.get(
    '/premium/gift/redeem',
    {
      schema: {
        summary: 'Redeem a gift: one year of Professional (signed out: sign in first)',
        public: true,
        querystring: z.object({ code: z.string().trim().max(200).optional().default('') }),
        produces: 'text/html',
      },
    },
    async (request, reply) => {
      const user = await auth.currentUser(request);
      if (!user) return reply.redirect(`/sign-in?next=${encodeURIComponent(request.url)}`, 303);
      const ok = request.query.code ? await gifts.redeem(user.id, request.query.code) : false;
      return reply.redirect(`/premium?gift=${ok ? 'redeemed' : 'invalid'}`, 303);
    },
  );

  r.get(
    '/api/affiliate/info',
    {
      preValidation,
      schema: {
        summary: 'The affiliate console: link, total and available earnings',
        response: { 200: affiliateInfoReplySchema },
      },
    },
    async (request) => info.affiliateInfo(await me(request), origin(request)),
  );

  r.post(
    '/api/settings/changeCreditCard',
    {
      preValidation,
      schema: {
        summary: 'A new card for renewals {number, month, year, cvc}',
        body: changeCreditCardSchema,
        response: { 200: changeCreditCardReplySchema },
      },
    },
    async (request) => premium.changeCreditCard(await me(request), request.body),
  );
  r.post(
    '/api/settings/cancelSubscribe',
    {
      preValidation,
      schema: {
        summary: 'Stop renewal; premium stays until the paid term ends',
        body: z.object({}).passthrough(),
        response: { 200: settingsReplySchema },
      },
    },
    async (request) => premium.cancel(await me(request)),
  );

  if (deps.gateway instanceof SandboxGateway) await registerSandboxApprovalPage(app, deps.gateway);
}

function setAffiliateCookie(reply: FastifyReply, code: string, secure: boolean) {
  reply.setCookie(AFFILIATE_COOKIE, code, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: AFFILIATE_COOKIE_DAYS * 86_400,
  });
}
