import { describe, expect, it } from 'vitest';
import { PREMIUM_MSG } from '../../../shared/schemas/premium.ts';
import {
  cardNumberValue,
  EMPTY_CARD,
  expiryYears,
  firstMissingCardField,
  settingsCardError,
} from './card-rules.ts';

describe('card payment order (part 2 §5)', () => {
  it('names the first missing field: number, month, year, then CVC', () => {
    expect(firstMissingCardField(EMPTY_CARD)?.field).toBe('card_number');
    expect(firstMissingCardField({ ...EMPTY_CARD, card_number: '   ' })?.field).toBe('card_number');
    expect(firstMissingCardField({ ...EMPTY_CARD, card_number: '4242', cvc: '123' })?.field).toBe(
      'exp_month',
    );
    expect(
      firstMissingCardField({ card_number: '4242', exp_month: '01', exp_year: '', cvc: '' })?.field,
    ).toBe('exp_year');
    expect(
      firstMissingCardField({ card_number: '4242', exp_month: '01', exp_year: '2030', cvc: '' })?.field,
    ).toBe('cvc');
    expect(
      firstMissingCardField({ card_number: '4242', exp_month: '01', exp_year: '2030', cvc: '1' }),
    ).toBeNull();
  });
  it('sends the number without spaces', () => {
    expect(cardNumberValue(' 4242 4242 4242 4242 ')).toBe('4242424242424242');
  });
});

describe("settings' credit card form (part 2 §5)", () => {
  const ok = { number: '4242424242424242', month: '01', year: '2030', cvc: '123' };
  it('checks number, month, year (4 digits), cvc in order with the spec words', () => {
    expect(settingsCardError({ ...ok, number: '', month: '' })).toEqual({
      field: 'number',
      message: PREMIUM_MSG.cardNumberRequired,
    });
    expect(settingsCardError({ ...ok, month: '', year: '' })?.message).toBe(PREMIUM_MSG.cardExpireRequired);
    expect(settingsCardError({ ...ok, year: '30' })?.message).toBe(PREMIUM_MSG.cardExpireInvalid);
    expect(settingsCardError({ ...ok, cvc: '' })?.message).toBe(PREMIUM_MSG.cvcInvalid);
    expect(settingsCardError({ ...ok, cvc: '12345' })?.message).toBe(PREMIUM_MSG.cvcInvalid);
    expect(settingsCardError(ok)).toBeNull();
  });
});

describe('expiry years (part 2 §9)', () => {
  it('offers twenty years from this one', () => {
    const years = expiryYears(new Date(2026, 10, 23));
    expect(years).toHaveLength(20);
    expect(years[0]).toBe('2026');
    expect(years[19]).toBe('2045');
  });
});
