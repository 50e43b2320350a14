import {
  disconnectAcctSchema,
  providerCallbackQuerySchema,
  providerParamsSchema,
  providersReplySchema,
  thirdPartyQuerySchema,
} from '../schemas/connections.ts';
import { settingsReplySchema } from '../schemas/settings.ts';
import { defineCall } from './define.ts';

/** Third-party sign-in (OpenID Connect): the providers on offer, the round trip, disconnecting. */
export const connectionCalls = {
  providers: defineCall({
    method: 'GET',
    path: '/api/auth/providers',
    summary: 'The third-party sign-in providers this server offers',
    caller: 'visitor',
    reply: providersReplySchema,
  }),
  /** a page the browser visits: it redirects to the provider */
  start: defineCall({
    method: 'GET',
    path: '/account/thirdparty/:provider',
    summary:
      'Sign in or up with a provider (redirects there); ?redirect_url=setting connects it to the signed-in user (popup)',
    caller: 'visitor',
    scope: 'none',
    params: providerParamsSchema,
    query: thirdPartyQuerySchema,
    produces: 'text/html',
  }),
  callback: defineCall({
    method: 'GET',
    path: '/account/thirdparty/:provider/callback',
    summary: "The provider's answer (code, state): signs in, signs up or connects, then redirects",
    caller: 'visitor',
    scope: 'none',
    params: providerParamsSchema,
    query: providerCallbackQuerySchema,
    produces: 'text/html',
  }),
  disconnect: defineCall({
    method: 'POST',
    path: '/api/settings/disconnectAcct',
    summary: 'Disconnect a sign-in connection {id} (refused when it is the only way to sign in)',
    caller: 'session',
    scope: 'none',
    body: disconnectAcctSchema,
    reply: settingsReplySchema,
  }),
};
