import { z } from 'zod';
import { id } from './fields.ts';
import type { UserSettingReply } from './settings.ts';

/** load_user_setting's connections: keyed by provider, {_id, identify}. */
export type ConnectionsList = UserSettingReply['connections'];

/** The sign-in providers this server offers (GET /api/auth/providers). */
export const providersReplySchema = z.object({
  providers: z.array(z.object({ id: z.enum(['google', 'openid']), name: z.string() })),
});
export type ProvidersReply = z.infer<typeof providersReplySchema>;

/** POST /api/settings/disconnectAcct {id}: the connection's _id. */
export const disconnectAcctSchema = z.object({ id: id('id') });

/** /account/thirdparty/{provider} and its callback: the provider's id */
export const providerParamsSchema = z.object({ provider: z.string().max(40) });

/** The provider's answer on the callback (code, state, or an error): read by the OpenID client as is. */
export const providerCallbackQuerySchema = z.record(z.string(), z.unknown());

/** GET /account/thirdparty/{provider}?redirect_url=setting */
export const thirdPartyQuerySchema = z.object({
  redirect_url: z.string().max(20).optional(),
});

/** How the Settings popup tells the page that opened it how the connection went. */
export const CONNECTION_MESSAGE = 'folio-connection';

export const CONNECTIONS_MSG = {
  /** the client's failure notification (spec part 2 §8) */
  disconnectFailed: (provider: string) => `Disconnect your ${provider} account fail.`,
  disconnected: (provider: string) => `Your ${provider} account is disconnected.`,
  notFound: 'This connection does not exist.',
  onlySignIn:
    'This account is your only way to sign in. Set a password or connect another account before disconnecting it.',
  takenByOther: (provider: string) =>
    `This ${provider} account is already connected to another Folio account.`,
  oneEach: (provider: string) =>
    `Another ${provider} account is connected already. Disconnect it first to connect this one.`,
  noEmail: (provider: string) =>
    `Your ${provider} account did not share an e-mail address, which a Folio account needs.`,
  emailUnverified: (provider: string) =>
    `The e-mail address of your ${provider} account is not verified. Verify it there, then try again.`,
  emailTaken: (provider: string) =>
    `A Folio account with the e-mail address of this ${provider} account exists. Sign in with your password, then connect ${provider} in Settings.`,
  expired: 'The sign-in took too long or was started in another browser. Please try again.',
  signInAgain: 'You were signed out meanwhile. Sign in again, then connect from Settings.',
  providerFailed: (provider: string) => `Signing in with ${provider} failed. Please try again.`,
  /** a forged, expired or misdirected ID token, or a state of another round trip */
  notVerified: (provider: string) =>
    `The answer from ${provider} could not be verified, so nobody was signed in. Please try again.`,
  used: 'This sign-in was finished already. Please sign in again.',
  unknownProvider: 'This sign-in provider is not offered here.',
} as const;
