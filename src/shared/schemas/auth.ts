import { z } from 'zod';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../limits.ts';
import { MSG } from '../messages.ts';
import { text } from './fields.ts';

/** A letter first, then 5-15 letters, digits, hyphens or underscores (6-16 in all). */
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{5,15}$/;
/** Standard pattern with a domain ending in 2+ letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export const usernameSchema = text(MSG.usernameRule)
  .trim()
  .regex(USERNAME_PATTERN, { error: MSG.usernameRule });

export const emailSchema = text(MSG.emailInvalid)
  .trim()
  .max(EMAIL_MAX, { error: MSG.emailInvalid })
  .regex(EMAIL_PATTERN, { error: MSG.emailInvalid });

export const passwordSchema = z
  .string({ error: MSG.passwordRule })
  .min(PASSWORD_MIN, { error: MSG.passwordRule })
  .max(PASSWORD_MAX, { error: MSG.passwordRule });

export const signUpSchema = z.object({
  name: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  name_or_email: text(MSG.signInFailed).trim().min(1, { error: MSG.signInFailed }).max(EMAIL_MAX),
  // Sign-in does not reveal the password rules; any non-empty string up to a sane bound is checked.
  password: z.string({ error: MSG.signInFailed }).min(1, { error: MSG.signInFailed }).max(1024),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** sign-up and sign-in: the signed-in name */
export const signedInReplySchema = z.object({ code: z.literal(1), name: z.string() });
export const signOutReplySchema = z.object({ code: z.literal(1) });
