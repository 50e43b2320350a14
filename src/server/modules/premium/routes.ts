import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { premiumCalls } from '../../../shared/api/premium.ts';
import { GIFT_PLAN, planPriceCents } from '../../../shared/premium-pricing.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import { SandboxGateway } from '../../platform/payments/sandbox.ts';
import { giftPageHtml } from './gift-page.ts';
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

export async function registerPremiumRoutes(app: FastifyInstance, deps: PremiumRouteDeps) {
  const { premium, info, gifts, auth } = deps;
  const bind = binder(app, auth);
  const origin = (request: FastifyRequest) => deps.publicUrl ?? `${request.protocol}://${request.host}`;
  const affiliateCode = (request: FastifyRequest) => request.cookies[AFFILIATE_COOKIE];

  bind(premiumCalls.info, async ({ user, query, request, reply }) => {
    const fromQuery = query.daf ? await premium.referrer(null, query.daf) : null;
    if (fromQuery) setAffiliateCookie(reply, fromQuery.code, deps.secureCookies);
    const affiliate = fromQuery ?? (await premium.referrer(user?.id ?? null, affiliateCode(request)));
    reply.header('cache-control', 'no-store');
    return info.info(user?.id ?? null, affiliate && affiliate.userId !== user?.id ? affiliate : null);
  });

  bind(premiumCalls.payment, ({ user, body, request }) =>
    premium.pay(user.id, body, { affiliateCode: affiliateCode(request), origin: origin(request) }),
  );
  bind(premiumCalls.upgrade, ({ user, body }) => premium.upgrade(user.id, body));
  bind(premiumCalls.resubscribe, ({ user, body }) => premium.resubscribe(user.id, body));
  bind(premiumCalls.gift, ({ user, body, request }) => {
    if (body.method === 'paypal') {
      return premium.startCheckout(
        user.id,
        planPriceCents(GIFT_PLAN, 'year')!,
        { kind: 'gift', recipient: body.recipient, note: body.message ?? null },
        origin(request),
      );
    }
    return gifts.buyByCard(user.id, body, origin(request));
  });

  bind(premiumCalls.paypalReturn, async ({ user, query, request, reply }) =>
    reply.redirect(await premium.paypalReturn(user.id, query.token, origin(request)), 303),
  );
  bind(premiumCalls.paypalCancel, async ({ user, query, reply }) =>
    reply.redirect(await premium.paypalCancel(user.id, query.token), 303),
  );

  const redeemUrl = (code: string) => `/premium/gift/redeem?code=${encodeURIComponent(code)}`;
  // the mail's link shows the gift; only the page's own form (a same-origin POST) redeems it
  bind(premiumCalls.redeemGift, async ({ user, query, reply }) => {
    if (!user) return reply.redirect(`/sign-in?next=${encodeURIComponent(redeemUrl(query.code))}`, 303);
    if (!query.code) return reply.redirect('/premium?gift=invalid', 303);
    // the code stays on this site; no-referrer would make the form's Origin 'null' and the post refused
    reply.header('cache-control', 'no-store').header('referrer-policy', 'same-origin');
    return reply.type('text/html; charset=utf-8').send(giftPageHtml(query.code));
  });
  bind(premiumCalls.redeemGiftConfirm, async ({ user, body, reply }) => {
    if (!user) return reply.redirect(`/sign-in?next=${encodeURIComponent(redeemUrl(body.code))}`, 303);
    const ok = body.code ? await gifts.redeem(user.id, body.code) : false;
    return reply.redirect(`/premium?gift=${ok ? 'redeemed' : 'invalid'}`, 303);
  });

  bind(premiumCalls.affiliateInfo, ({ user, request }) => info.affiliateInfo(user.id, origin(request)));

  bind(premiumCalls.changeCreditCard, ({ user, body }) => premium.changeCreditCard(user.id, body));
  bind(premiumCalls.cancelSubscription, ({ user }) => premium.cancel(user.id));

  if (deps.gateway instanceof SandboxGateway) await registerSandboxApprovalPage(app, deps.gateway, auth);
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
