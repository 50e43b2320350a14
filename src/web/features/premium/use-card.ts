import { useRef, useState } from 'react';
import type { CardField, CardInput } from './card-rules.ts';
import { cardNumberValue, EMPTY_CARD, firstMissingCardField } from './card-rules.ts';

/**
 * A payment form's card: its values, the field to highlight, and `check()`, which runs the §5 order
 * and focuses the first missing field. `fields()` is the card part of the payload.
 */
export function useCard() {
  const [card, setCard] = useState<CardInput>(EMPTY_CARD);
  const [invalid, setInvalid] = useState<{ field: CardField; message: string } | null>(null);
  const refs = useRef<Partial<Record<CardField, HTMLInputElement | HTMLSelectElement | null>>>({}).current;

  const change = (next: CardInput) => {
    setCard(next);
    if (invalid && next[invalid.field].trim() !== '') setInvalid(null);
  };
  const check = (): boolean => {
    const missing = firstMissingCardField(card);
    setInvalid(missing);
    if (missing) refs[missing.field]?.focus();
    return missing === null;
  };
  /** a field the server refused: highlighted and focused like a missing one */
  const refuse = (field: string | undefined, message: string) => {
    if (field !== 'card_number' && field !== 'exp_month' && field !== 'exp_year' && field !== 'cvc') return;
    setInvalid({ field, message });
    refs[field]?.focus();
  };
  const fields = () => ({
    card_number: cardNumberValue(card.card_number),
    exp_month: card.exp_month,
    exp_year: card.exp_year,
    cvc: card.cvc.trim(),
  });
  const none = () => ({ ...EMPTY_CARD });
  return { card, change, invalid, refs, check, refuse, fields, none };
}
