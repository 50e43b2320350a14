import type { CardBrand } from './gateway.ts';

/** Luhn checksum of a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The accepted brands by their number prefixes and lengths (spec part 2 §5); null: not accepted. */
export function cardBrand(digits: string): CardBrand | null {
  if (/^4\d{15}$/.test(digits) || /^4\d{12}$/.test(digits)) return 'visa';
  if (/^(5[1-5]\d{2}|222[1-9]|22[3-9]\d|2[3-6]\d{2}|27[01]\d|2720)\d{12}$/.test(digits)) return 'mastercard';
  if (/^3[47]\d{13}$/.test(digits)) return 'amex';
  if (/^(6011|65\d{2}|64[4-9]\d)\d{12}$/.test(digits)) return 'discover';
  return null;
}

/** Digits only: the original client sends numbers with spaces or dashes. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** A card is usable through the end of its expiry month. */
export function cardExpired(expMonth: number, expYear: number, now: Date): boolean {
  const endOfMonth = Date.UTC(expYear, expMonth, 1);
  return now.getTime() >= endOfMonth;
}
