import { signedInReplySchema, signInSchema, signOutReplySchema, signUpSchema } from '../schemas/auth.ts';
import { twoFactorRequiredReplySchema } from '../schemas/two-factor.ts';
import { loadUserInfoReplySchema } from '../schemas/user-info.ts';
import { defineCall } from './define.ts';

/** Signing up, in and out, and who is signed in. Making or ending a session is a browser's alone. */
export const accountCalls = {
  signUp: defineCall({
    method: 'POST',
    path: '/api/auth/sign-up',
    summary: 'Create an account and sign in (409 while signed in)',
    caller: 'visitor',
    scope: 'none',
    body: signUpSchema,
    reply: signedInReplySchema,
  }),
  signIn: defineCall({
    method: 'POST',
    path: '/api/auth/sign-in',
    summary: 'Sign in by name or e-mail (code 2: a two-factor code is still needed)',
    caller: 'visitor',
    scope: 'none',
    body: signInSchema,
    reply: signedInReplySchema.or(twoFactorRequiredReplySchema),
  }),
  signOut: defineCall({
    method: 'POST',
    path: '/api/auth/sign-out',
    summary: 'End the session',
    caller: 'visitor',
    scope: 'none',
    reply: signOutReplySchema,
  }),
  userInfo: defineCall({
    method: 'GET',
    path: '/interact_api/load_user_info',
    summary: 'The signed-in user (name null for a visitor)',
    caller: 'visitor',
    reply: loadUserInfoReplySchema,
  }),
};
