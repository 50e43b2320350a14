import type { FastifyInstance } from 'fastify';
import { MSG } from '../../../shared/messages.ts';
import {
  signedInReplySchema,
  signInSchema,
  signOutReplySchema,
  signUpSchema,
} from '../../../shared/schemas/auth.ts';
import { twoFactorRequiredReplySchema } from '../../../shared/schemas/two-factor.ts';
import { loadUserInfoReplySchema } from '../../../shared/schemas/user-info.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { contract } from '../../platform/contract.ts';
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
  const r = contract(app);

  r.post(
    '/api/auth/sign-up',
    {
      // signing up would silently end the session of the account already signed in here
      preValidation: async (request) => {
        if (await auth.currentUser(request)) throw new ConflictError(MSG.signUpWhileSignedIn);
      },
      schema: {
        summary: 'Create an account and sign in (409 while signed in)',
        public: true,
        body: signUpSchema,
        response: { 200: signedInReplySchema },
      },
    },
    async (request, reply) => {
      const user = await accounts.signUp(request.body);
      await auth.startSession(request, reply, user.id);
      auth.devices.remember(reply, user.id, null);
      return { code: 1 as const, name: user.name };
    },
  );

  r.post(
    '/api/auth/sign-in',
    {
      schema: {
        summary: 'Sign in by name or e-mail (code 2: a two-factor code is still needed)',
        public: true,
        body: signInSchema,
        response: { 200: signedInReplySchema.or(twoFactorRequiredReplySchema) },
      },
    },
    async (request, reply) => {
      const device = auth.devices.read(request);
      const user = await accounts.signIn(request.body, { ip: request.ip, device });
      // no session until the code passes: the browser only gets the signed pending sign-in
      const pending = await secondStep.challenge(user.id);
      if (pending) return { code: 2 as const, pending };
      await auth.startSession(request, reply, user.id);
      auth.devices.remember(reply, user.id, device);
      return { code: 1 as const, name: user.name };
    },
  );

  r.post(
    '/api/auth/sign-out',
    { schema: { summary: 'End the session', public: true, response: { 200: signOutReplySchema } } },
    async (request, reply) => {
      await auth.endSession(request, reply);
      return { code: 1 as const };
    },
  );

  r.get(
    '/interact_api/load_user_info',
    {
      schema: {
        summary: 'The signed-in user (name null for a visitor)',
        public: true,
        response: { 200: loadUserInfoReplySchema },
      },
    },
    async (request, reply) => {
      const user = await auth.currentUser(request);
      reply.header('cache-control', 'no-store');
      return accounts.userInfo(user?.id ?? null);
    },
  );
}
