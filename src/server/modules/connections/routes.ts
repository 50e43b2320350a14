import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { connectionCalls } from '../../../shared/api/connections.ts';
import { CONNECTIONS_MSG } from '../../../shared/schemas/connections.ts';
import type { OidcProviderConfig } from '../../config.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { binder } from '../../platform/contract.ts';
import { AppError, NotFoundError } from '../../platform/errors.ts';
import type { SecondStep } from '../accounts/routes.ts';
import { handOverPending } from '../two-factor/pending.ts';
import { isUnverifiedAnswer, type OidcClients } from './oidc.ts';
import type { ConnectionsService } from './service.ts';
import { FLOW_COOKIE, FLOW_TTL_MS, type Flow, openFlow, sealFlow } from './state.ts';

export interface ConnectionRouteDeps {
  connections: ConnectionsService;
  clients: OidcClients;
  auth: Auth;
  /** two-factor sign-in: the provider's answer stands for the password, not for the code */
  secondStep: SecondStep;
  clock: Clock;
  secretsKey: string;
  secureCookies: boolean;
  publicUrl: string | undefined;
}

const COOKIE_PATH = '/account/thirdparty';

/**
 * Third-party sign-in (OpenID Connect, authorization code with PKCE): /account/thirdparty/{provider}
 * sends the browser to the provider, .../callback comes back; `?redirect_url=setting` is the
 * Settings popup connecting the signed-in user, otherwise it signs in or up. Also the providers
 * on offer and disconnectAcct.
 */
export function registerConnectionRoutes(app: FastifyInstance, deps: ConnectionRouteDeps) {
  const { connections, clients, auth } = deps;
  const bind = binder(app, auth);
  const origin = (request: FastifyRequest) => deps.publicUrl ?? `${request.protocol}://${request.host}`;
  const callbackOf = (request: FastifyRequest, p: OidcProviderConfig) =>
    `${origin(request)}${COOKIE_PATH}/${p.id}/callback`;

  /** The popup's last page tells Settings how it went; sign-in pages show a failure on /sign-in. */
  const finish = (
    reply: FastifyReply,
    popup: boolean,
    p: { id: string },
    outcome: { error: string } | { to: string },
  ) => {
    if (popup) {
      const q = new URLSearchParams({ provider: p.id });
      if ('error' in outcome) q.set('error', outcome.error);
      return reply.redirect(`/account/connected?${q}`);
    }
    if ('error' in outcome)
      return reply.redirect(`/sign-in?${new URLSearchParams({ error: outcome.error })}`);
    return reply.redirect(outcome.to);
  };

  // Helmet's COOP same-origin would cut the popup from Settings once it visits the provider, and
  // /account/connected could not report back: Settings may keep its popups, and the popup's own
  // pages (ours, before and after the provider) leave the opener in place.
  app.addHook('onSend', async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    if (pathname === '/setting') reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    else if (pathname === '/account/connected' || pathname.startsWith(`${COOKIE_PATH}/`))
      reply.header('cross-origin-opener-policy', 'unsafe-none');
  });

  bind(connectionCalls.providers, async () => ({
    providers: clients.list().map((p) => ({ id: p.id, name: p.name })),
  }));

  bind(connectionCalls.start, async ({ user: current, params, query, request, reply }) => {
    const p = clients.provider(params.provider);
    if (!p) throw new NotFoundError(CONNECTIONS_MSG.unknownProvider);
    const popup = query.redirect_url === 'setting';
    const user = popup ? current : null;
    if (popup && !user) return finish(reply, popup, p, { error: CONNECTIONS_MSG.signInAgain });
    let started: Awaited<ReturnType<OidcClients['start']>>;
    try {
      started = await clients.start(p, callbackOf(request, p));
    } catch (err) {
      request.log.warn({ err, provider: p.id }, 'sign-in provider discovery failed');
      return finish(reply, popup, p, { error: CONNECTIONS_MSG.providerFailed(p.name) });
    }
    const flow: Flow = {
      ...started.checks,
      provider: p.id,
      redirect: popup ? 'setting' : '',
      userId: user?.id ?? null,
      expiresAt: deps.clock.now().getTime() + FLOW_TTL_MS,
    };
    reply.setCookie(FLOW_COOKIE, sealFlow(deps.secretsKey, flow), {
      path: COOKIE_PATH,
      httpOnly: true,
      // lax: the provider sends the browser back with a top-level GET
      sameSite: 'lax',
      secure: deps.secureCookies,
      maxAge: FLOW_TTL_MS / 1000,
    });
    reply.header('cache-control', 'no-store');
    return reply.redirect(started.url);
  });

  bind(connectionCalls.callback, async ({ user: current, params, request, reply }) => {
    const p = clients.provider(params.provider);
    if (!p) throw new NotFoundError(CONNECTIONS_MSG.unknownProvider);
    const flow = openFlow(deps.secretsKey, request.cookies[FLOW_COOKIE], deps.clock.now());
    // single use: whatever happens next, this round trip is over
    reply.clearCookie(FLOW_COOKIE, { path: COOKIE_PATH, secure: deps.secureCookies });
    reply.header('cache-control', 'no-store');
    const popup = flow?.redirect === 'setting';
    if (!flow || flow.provider !== p.id) return finish(reply, popup, p, { error: CONNECTIONS_MSG.expired });
    // the cookie is cleared above, but a copy of it and of the answer must not sign in again
    if (!(await connections.spendFlow(flow, deps.clock.now())))
      return finish(reply, popup, p, { error: CONNECTIONS_MSG.used });
    let who: Awaited<ReturnType<OidcClients['finish']>>;
    try {
      const current = new URL(request.url, callbackOf(request, p));
      who = await clients.finish(p, current, flow);
    } catch (err) {
      request.log.warn({ err, provider: p.id }, 'sign-in with provider refused');
      const error = isUnverifiedAnswer(err)
        ? CONNECTIONS_MSG.notVerified(p.name)
        : CONNECTIONS_MSG.providerFailed(p.name);
      return finish(reply, popup, p, { error });
    }
    try {
      if (popup) {
        const user = current;
        if (!user || user.id !== flow.userId)
          return finish(reply, popup, p, { error: CONNECTIONS_MSG.signInAgain });
        await connections.connect(user.id, p, who);
        return finish(reply, popup, p, { to: '' });
      }
      const { user } = await connections.signInOrUp(p, who);
      // two-factor on: no session yet; the sign-in page asks for the code (modules/two-factor)
      const pending = await deps.secondStep.challenge(user.id);
      if (pending) {
        handOverPending(reply, pending, deps.secureCookies);
        return finish(reply, popup, p, { to: '/sign-in?two_factor=1' });
      }
      const device = auth.devices.read(request);
      await auth.startSession(request, reply, user.id);
      auth.devices.remember(reply, user.id, device);
      return finish(reply, popup, p, { to: `/user/${encodeURIComponent(user.name)}` });
    } catch (err) {
      if (err instanceof AppError) return finish(reply, popup, p, { error: err.message });
      throw err;
    }
  });

  bind(connectionCalls.disconnect, async ({ user, body }) => {
    const { provider } = await connections.disconnect(user.id, body.id);
    const name = clients.provider(provider)?.name ?? provider;
    return { code: 1 as const, message: CONNECTIONS_MSG.disconnected(name) };
  });
}
