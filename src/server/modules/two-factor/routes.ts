import type { FastifyInstance } from 'fastify';
import { twoFactorCalls } from '../../../shared/api/two-factor.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import { NotFoundError } from '../../platform/errors.ts';
import type { AccountsService } from '../accounts/service.ts';
import { clearPending, PENDING_COOKIE } from './pending.ts';
import type { TwoFactorService } from './service.ts';

export function registerTwoFactorRoutes(
  app: FastifyInstance,
  deps: { twoFactor: TwoFactorService; accounts: AccountsService; auth: Auth; secureCookies: boolean },
) {
  const { twoFactor, accounts, auth } = deps;
  const bind = binder(app, auth);

  bind(twoFactorCalls.signIn, async ({ body, request, reply }) => {
    const pending = body.pending ?? request.cookies[PENDING_COOKIE];
    const userId = await twoFactor.completeSignIn({ ...body, pending }, request.ip);
    const user = await accounts.findUser(userId);
    if (!user) throw new NotFoundError();
    const device = auth.devices.read(request);
    if (request.cookies[PENDING_COOKIE]) clearPending(reply, deps.secureCookies);
    await auth.startSession(request, reply, user.id);
    auth.devices.remember(reply, user.id, device);
    return { code: 1 as const, name: user.name };
  });

  bind(twoFactorCalls.status, async ({ user, reply }) => {
    reply.header('cache-control', 'no-store');
    return twoFactor.status(user.id);
  });

  bind(twoFactorCalls.setup, async ({ user, reply }) => {
    reply.header('cache-control', 'no-store');
    return twoFactor.setup(user);
  });

  bind(twoFactorCalls.enable, async ({ user, body, request, reply }) => {
    reply.header('cache-control', 'no-store');
    return twoFactor.enable(user.id, body, request.ip);
  });

  bind(twoFactorCalls.disable, async ({ user, body, request }) =>
    twoFactor.disable(user.id, body, request.ip),
  );
}
