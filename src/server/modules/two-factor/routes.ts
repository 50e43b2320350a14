import type { FastifyInstance } from 'fastify';
import { signedInReplySchema } from '../../../shared/schemas/auth.ts';
import { settingsReplySchema } from '../../../shared/schemas/settings.ts';
import {
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorEnabledReplySchema,
  twoFactorSetupReplySchema,
  twoFactorSignInSchema,
  twoFactorStatusReplySchema,
} from '../../../shared/schemas/two-factor.ts';
import type { Auth } from '../../platform/auth/auth.ts';
import { contract, signedIn } from '../../platform/contract.ts';
import { NotFoundError } from '../../platform/errors.ts';
import type { AccountsService } from '../accounts/service.ts';
import { clearPending, PENDING_COOKIE } from './pending.ts';
import type { TwoFactorService } from './service.ts';

export function registerTwoFactorRoutes(
  app: FastifyInstance,
  deps: { twoFactor: TwoFactorService; accounts: AccountsService; auth: Auth; secureCookies: boolean },
) {
  const { twoFactor, accounts, auth } = deps;
  const r = contract(app);
  const preValidation = signedIn(auth);

  r.post(
    '/api/auth/two-factor',
    {
      schema: {
        summary:
          "Sign-in's second step: a code and the pending sign-in from the password step (or, after a provider, its cookie)",
        public: true,
        body: twoFactorSignInSchema,
        response: { 200: signedInReplySchema },
      },
    },
    async (request, reply) => {
      const pending = request.body.pending ?? request.cookies[PENDING_COOKIE];
      const userId = await twoFactor.completeSignIn({ ...request.body, pending }, request.ip);
      const user = await accounts.findUser(userId);
      if (!user) throw new NotFoundError();
      const device = auth.devices.read(request);
      if (request.cookies[PENDING_COOKIE]) clearPending(reply, deps.secureCookies);
      await auth.startSession(request, reply, user.id);
      auth.devices.remember(reply, user.id, device);
      return { code: 1 as const, name: user.name };
    },
  );

  r.get(
    '/api/settings/two-factor',
    {
      preValidation,
      schema: {
        summary: 'Whether two-factor sign-in is on, and the recovery codes left',
        response: { 200: twoFactorStatusReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.status((await auth.requireUser(request)).id);
    },
  );

  r.post(
    '/api/settings/two-factor/setup',
    {
      preValidation,
      schema: {
        summary: 'A new TOTP seed to enrol (the otpauth:// URI and the secret); off until confirmed',
        response: { 200: twoFactorSetupReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.setup(await auth.requireUser(request));
    },
  );

  r.post(
    '/api/settings/two-factor/enable',
    {
      preValidation,
      schema: {
        summary: 'Confirm the enrolment with a first code {code}; returns the recovery codes once',
        body: twoFactorCodeSchema,
        response: { 200: twoFactorEnabledReplySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return twoFactor.enable((await auth.requireUser(request)).id, request.body, request.ip);
    },
  );

  r.post(
    '/api/settings/two-factor/disable',
    {
      preValidation,
      schema: {
        summary: 'Turn two-factor sign-in off {password, code}',
        body: twoFactorDisableSchema,
        response: { 200: settingsReplySchema },
      },
    },
    async (request) => twoFactor.disable((await auth.requireUser(request)).id, request.body, request.ip),
  );
}
