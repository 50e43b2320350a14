import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.ts';
import { signUpSchema } from '../../shared/schemas/auth.ts';
import { contactSchema } from '../../shared/schemas/feedback.ts';
import { fieldWarnings, hasWarnings } from './field-errors.ts';

describe('fieldWarnings', () => {
  it('is empty for valid input', () => {
    const warnings = fieldWarnings(signUpSchema, { name: 'reader1', email: 'a@b.co', password: 'secret1' });
    expect(warnings).toEqual({});
    expect(hasWarnings(warnings)).toBe(false);
  });

  it('gives the spec message for each bad field', () => {
    const warnings = fieldWarnings(signUpSchema, { name: '1bad', email: 'nope', password: '123' });
    expect(warnings).toEqual({ name: MSG.usernameRule, email: MSG.emailInvalid, password: MSG.passwordRule });
    expect(hasWarnings(warnings)).toBe(true);
  });

  it('treats blank feedback fields as missing', () => {
    expect(fieldWarnings(contactSchema, { subject: '   ', message: 'hi' })).toEqual({
      subject: MSG.feedbackSubjectRequired,
    });
    expect(fieldWarnings(contactSchema, { subject: 'Hi', message: '\n' })).toEqual({
      message: MSG.feedbackMessageRequired,
    });
  });
});
