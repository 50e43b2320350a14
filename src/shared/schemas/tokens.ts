import { z } from 'zod';
import { TOKEN_EXPIRY_DAYS_MAX, TOKEN_NAME_MAX } from '../limits.ts';
import { emptyToUndefined, id, name } from './fields.ts';

/** Personal access tokens (issue 30): made and revoked in Settings > Developer, by a browser session only. */

export const TOKEN_SCOPES = ['read', 'write'] as const;
export type PersonalTokenScope = (typeof TOKEN_SCOPES)[number];

export const TOKENS_MSG = {
  nameRequired: 'Please name the token.',
  nameTooLong: `A token's name is at most ${TOKEN_NAME_MAX} characters.`,
  scope: "scope must be 'read' or 'write'.",
  expiry: `expires_in_days must be a whole number of days from 1 to ${TOKEN_EXPIRY_DAYS_MAX}.`,
  tooMany: 'You have as many tokens as you may keep; revoke one first.',
} as const;

export const createTokenSchema = z.object({
  name: name()
    .trim()
    .min(1, { error: TOKENS_MSG.nameRequired })
    .max(TOKEN_NAME_MAX, { error: TOKENS_MSG.nameTooLong }),
  scope: z.enum(TOKEN_SCOPES, { error: TOKENS_MSG.scope }),
  /** absent: the token works until revoked */
  expires_in_days: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: TOKENS_MSG.expiry })
      .int({ error: TOKENS_MSG.expiry })
      .min(1, { error: TOKENS_MSG.expiry })
      .max(TOKEN_EXPIRY_DAYS_MAX, { error: TOKENS_MSG.expiry })
      .optional(),
  ),
});
export type CreateTokenInput = z.output<typeof createTokenSchema>;

const tokenRow = z.object({
  id: z.number(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  created_at: z.string(),
  /** null: until revoked */
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type PersonalTokenRow = z.output<typeof tokenRow>;

/** The token itself is in this reply only: it is never shown again. */
export const createTokenReplySchema = tokenRow.extend({ token: z.string() });
export const tokenListReplySchema = z.object({ tokens: z.array(tokenRow) });
export const tokenParamsSchema = z.object({ id: id('id') });
export const revokeTokenReplySchema = z.object({ code: z.literal(1) });
