import { z } from 'zod';
import { text } from './fields.ts';

/** Two-factor sign-in (issue 19 point 6, beyond the spec): its texts and calls. */
export const TWO_FACTOR_MSG = {
  codeMissing: 'Please enter the code.',
  codeWrong: 'That code is not right. Enter the current code from your app, or a recovery code.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  noSetup: 'Start the set-up again: no code is waiting to be confirmed.',
  signInExpired: 'Your sign-in has expired. Please sign in again.',
  enabled: 'Two-factor sign-in is on. Keep your recovery codes somewhere safe.',
  disabled: 'Two-factor sign-in is off.',
  passwordIncorrect: 'Your password is incorrect.',
} as const;

export const RECOVERY_CODE_COUNT = 10;
/** how long the password step's pending sign-in lasts before the password is asked again */
export const PENDING_SIGN_IN_MS = 5 * 60_000;

/** A 6-digit code or a recovery code, as typed: spaces and hyphens are ignored later. */
const code = text(TWO_FACTOR_MSG.codeMissing)
  .trim()
  .min(1, { error: TWO_FACTOR_MSG.codeMissing })
  .max(64, { error: TWO_FACTOR_MSG.codeWrong });

export const twoFactorCodeSchema = z.object({ code });
export type TwoFactorCodeInput = z.output<typeof twoFactorCodeSchema>;
/** `pending` from the password step's reply; a provider's sign-in leaves it in a cookie instead. */
export const twoFactorSignInSchema = z.object({
  pending: text(TWO_FACTOR_MSG.signInExpired)
    .min(1, { error: TWO_FACTOR_MSG.signInExpired })
    .max(300)
    .optional(),
  code,
});
export type TwoFactorSignInInput = z.output<typeof twoFactorSignInSchema>;
export const twoFactorDisableSchema = z.object({
  password: z.string({ error: TWO_FACTOR_MSG.passwordIncorrect }).max(1024).optional().default(''),
  code,
});
export type TwoFactorDisableInput = z.output<typeof twoFactorDisableSchema>;

/** The password step's reply when a code is still needed: no session yet. */
export const twoFactorRequiredReplySchema = z.object({ code: z.literal(2), pending: z.string() });

export const twoFactorStatusReplySchema = z.object({
  code: z.literal(1),
  enabled: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatusReply = z.infer<typeof twoFactorStatusReplySchema>;

/** The seed to type or scan: the otpauth:// URI and the secret as text (base32). */
export const twoFactorSetupReplySchema = z.object({
  code: z.literal(1),
  secret: z.string(),
  uri: z.string(),
});
export type TwoFactorSetupReply = z.infer<typeof twoFactorSetupReplySchema>;

/** The recovery codes, shown this once. */
export const twoFactorEnabledReplySchema = z.object({
  code: z.literal(1),
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});
export type TwoFactorEnabledReply = z.infer<typeof twoFactorEnabledReplySchema>;
