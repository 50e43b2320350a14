import { signedInReplySchema } from '../schemas/auth.ts';
import { settingsReplySchema } from '../schemas/settings.ts';
import {
  twoFactorCodeSchema,
  twoFactorDisableSchema,
  twoFactorEnabledReplySchema,
  twoFactorSetupReplySchema,
  twoFactorSignInSchema,
  twoFactorStatusReplySchema,
} from '../schemas/two-factor.ts';
import { defineCall } from './define.ts';

/** Two-factor sign-in: its second step and its settings, all kept from personal tokens. */
export const twoFactorCalls = {
  signIn: defineCall({
    method: 'POST',
    path: '/api/auth/two-factor',
    summary:
      "Sign-in's second step: a code and the pending sign-in from the password step (or, after a provider, its cookie)",
    caller: 'visitor',
    scope: 'none',
    body: twoFactorSignInSchema,
    reply: signedInReplySchema,
  }),
  status: defineCall({
    method: 'GET',
    path: '/api/settings/two-factor',
    summary: 'Whether two-factor sign-in is on, and the recovery codes left',
    caller: 'session',
    scope: 'none',
    reply: twoFactorStatusReplySchema,
  }),
  setup: defineCall({
    method: 'POST',
    path: '/api/settings/two-factor/setup',
    summary: 'A new TOTP seed to enrol (the otpauth:// URI and the secret); off until confirmed',
    caller: 'session',
    scope: 'none',
    reply: twoFactorSetupReplySchema,
  }),
  enable: defineCall({
    method: 'POST',
    path: '/api/settings/two-factor/enable',
    summary: 'Confirm the enrolment with a first code {code}; returns the recovery codes once',
    caller: 'session',
    scope: 'none',
    body: twoFactorCodeSchema,
    reply: twoFactorEnabledReplySchema,
  }),
  disable: defineCall({
    method: 'POST',
    path: '/api/settings/two-factor/disable',
    summary: 'Turn two-factor sign-in off {password, code}',
    caller: 'session',
    scope: 'none',
    body: twoFactorDisableSchema,
    reply: settingsReplySchema,
  }),
};
