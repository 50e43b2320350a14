import type { FastifyInstance } from 'fastify';
import { accountCalls } from '../../../shared/api/accounts.ts';
import { MSG } from '../../../shared/messages.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { binder } from '../../platform/contract.ts';
import { ConflictError } from '../../platform/errors.ts';
import type { AccountsService } from './service.ts';

/** Two-factor sign-in (modules/two-factor): a pending sign-in when the account asks for a code. */
export interface SecondStep {
  challenge(userId: number): Promise<string | null>;
}

export function registerAccountRoutes(
  app: FastifyInstance,
  deps: { accounts: AccountsService; auth: Auth; secondStep: SecondStep },
) {
  const { accounts, auth, secondStep } = deps;
  const bind = binder(app, auth);

  bind(
    accountCalls.signUp,
    async ({ body, request, reply }) => {
      const user = await accounts.signUp(body);
      await auth.startSession(request, reply, user.id);
      auth.devices.remember(reply, user.id, null);
      return { code: 1 as const, name: user.name };
    },
    {
      // signing up would silently end the session of the account already signed in here
      preValidation: async (request) => {
        if (await auth.currentUser(request)) throw new ConflictError(MSG.signUpWhileSignedIn);
      },
    },
  );

  bind(accountCalls.signIn, async ({ body, request, reply }) => {
    const device = auth.devices.read(request);
    const user = await accounts.signIn(body, { ip: request.ip, device });
    // no session until the code passes: the browser only gets the signed pending sign-in
    const pending = await secondStep.challenge(user.id);
    if (pending) return { code: 2 as const, pending };
    await auth.startSession(request, reply, user.id);
    auth.devices.remember(reply, user.id, device);
    return { code: 1 as const, name: user.name };
  });

  bind(accountCalls.signOut, async ({ request, reply }) => {
    await auth.endSession(request, reply);
    return { code: 1 as const };
  });

  bind(accountCalls.userInfo, async ({ user, reply }) => {
    reply.header('cache-control', 'no-store');
    return accounts.userInfo(user?.id ?? null);
  });
}
