import {
  createTokenReplySchema,
  createTokenSchema,
  revokeTokenReplySchema,
  tokenListReplySchema,
  tokenParamsSchema,
} from '../schemas/tokens.ts';
import { defineCall } from './define.ts';

/** Personal access tokens (issue 30): a browser session's alone (a token cannot make or see tokens). */
export const tokenCalls = {
  create: defineCall({
    method: 'POST',
    path: '/api/tokens',
    summary:
      'Make a personal access token {name, scope read|write, expires_in_days?}; the reply holds the ' +
      'token, shown this once',
    caller: 'session',
    scope: 'none',
    body: createTokenSchema,
    reply: createTokenReplySchema,
  }),
  list: defineCall({
    method: 'GET',
    path: '/api/tokens',
    summary: "The user's personal access tokens (never the tokens themselves), newest first",
    caller: 'session',
    scope: 'none',
    reply: tokenListReplySchema,
  }),
  revoke: defineCall({
    method: 'DELETE',
    path: '/api/tokens/:id',
    summary: 'Revoke a personal access token: it stops working at once',
    caller: 'session',
    scope: 'none',
    params: tokenParamsSchema,
    reply: revokeTokenReplySchema,
  }),
};
