import { PREMIUM_MSG } from '../../../shared/schemas/premium.ts';

/** The card fields of a payment form (part 2 §3 Card input), as typed. */
export interface CardInput {
  card_number: string;
  exp_month: string;
  exp_year: string;
  cvc: string;
}
export type CardField = keyof CardInput;

export const EMPTY_CARD: CardInput = { card_number: '', exp_month: '', exp_year: '', cvc: '' };
export const CARD_NUMBER_MAX = 16;
export const CVC_MAX = 4;

/** The payment form's messages; the spec names no words for these, only the order. */
const PAYMENT_MISSING: Record<CardField, string> = {
  card_number: 'Please enter your card number.',
  exp_month: 'Please choose the expiration month.',
  exp_year: 'Please choose the expiration year.',
  cvc: 'Please enter the CVC.',
};

/**
 * Card payment (part 2 §5), in order: card number (trimmed), expiration month, expiration year,
 * CVC. The first missing field is the one to highlight and focus; no format check is shown.
 */
export function firstMissingCardField(card: CardInput): { field: CardField; message: string } | null {
  const order: CardField[] = ['card_number', 'exp_month', 'exp_year', 'cvc'];
  for (const field of order) {
    if (card[field].trim() === '') return { field, message: PAYMENT_MISSING[field] };
  }
  return null;
}

/** The card number as sent: trimmed, spaces dropped (people type it in groups of four). */
export function cardNumberValue(raw: string): string {
  return raw.replace(/\s+/g, '');
}

/** Settings' credit card form (part 2 §5), in order, with its own words. */
export function settingsCardError(card: {
  number: string;
  month: string;
  year: string;
  cvc: string;
}): { field: 'number' | 'month' | 'year' | 'cvc'; message: string } | null {
  if (card.number.trim() === '') return { field: 'number', message: PREMIUM_MSG.cardNumberRequired };
  if (card.month === '') return { field: 'month', message: PREMIUM_MSG.cardExpireRequired };
  if (!/^\d{4}$/.test(card.year)) return { field: 'year', message: PREMIUM_MSG.cardExpireInvalid };
  const cvc = card.cvc.trim();
  if (cvc === '' || cvc.length > CVC_MAX) return { field: 'cvc', message: PREMIUM_MSG.cvcInvalid };
  return null;
}

/**
 * Expiry years offered (part 2 §9): the next 20 in payment forms (from the current year), the
 * current year plus the next 19 in settings: both twenty years from this one.
 */
export function expiryYears(now: Date, count = 20): string[] {
  const first = now.getFullYear();
  return Array.from({ length: count }, (_, i) => String(first + i));
}

export const EXPIRY_MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
