import { type Ref, useId, useMemo } from 'react';
import { TextField } from '../../ui/TextField.tsx';
import {
  CARD_NUMBER_MAX,
  type CardField,
  type CardInput,
  CVC_MAX,
  EXPIRY_MONTHS,
  expiryYears,
} from './card-rules.ts';
import styles from './Premium.module.css';

/**
 * Card input of the payment pages (part 2 §3): card number, expiry month and year (the next 20
 * years), CVC. `invalid` highlights the first missing field; the page focuses it through `refs`.
 */
export function CardFields({
  card,
  onChange,
  invalid,
  refs,
}: {
  card: CardInput;
  onChange: (card: CardInput) => void;
  invalid: { field: CardField; message: string } | null;
  refs: Partial<Record<CardField, HTMLInputElement | HTMLSelectElement | null>>;
}) {
  const years = useMemo(() => expiryYears(new Date()), []);
  const id = useId();
  const set = (field: CardField, value: string) => onChange({ ...card, [field]: value });
  const warn = (field: CardField) => (invalid?.field === field ? invalid.message : undefined);
  const keep = (field: CardField) => (el: HTMLInputElement | HTMLSelectElement | null) => {
    refs[field] = el;
  };
  return (
    <fieldset className={styles.card}>
      <legend>Credit card</legend>
      <TextField
        label="Card number"
        name="card_number"
        inputMode="numeric"
        autoComplete="cc-number"
        // spaces between the groups of four are allowed and dropped when sent
        maxLength={CARD_NUMBER_MAX + 3}
        value={card.card_number}
        onChange={(e) => set('card_number', e.target.value)}
        warning={warn('card_number')}
        ref={keep('card_number') as Ref<HTMLInputElement>}
      />
      <div className={styles.cardRow}>
        <Select
          id={`${id}-month`}
          label="Expiration month"
          name="exp_month"
          autoComplete="cc-exp-month"
          value={card.exp_month}
          options={EXPIRY_MONTHS}
          onChange={(v) => set('exp_month', v)}
          warning={warn('exp_month')}
          selectRef={keep('exp_month')}
        />
        <Select
          id={`${id}-year`}
          label="Expiration year"
          name="exp_year"
          autoComplete="cc-exp-year"
          value={card.exp_year}
          options={years}
          onChange={(v) => set('exp_year', v)}
          warning={warn('exp_year')}
          selectRef={keep('exp_year')}
        />
        <TextField
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={CVC_MAX}
          value={card.cvc}
          onChange={(e) => set('cvc', e.target.value)}
          warning={warn('cvc')}
          ref={keep('cvc') as Ref<HTMLInputElement>}
        />
      </div>
    </fieldset>
  );
}

/** A labelled native select with the TextField's warning. */
function Select({
  id,
  label,
  name,
  value,
  options,
  onChange,
  warning,
  selectRef,
  autoComplete,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  warning?: string | undefined;
  selectRef?: (el: HTMLSelectElement | null) => void;
  autoComplete?: string;
}) {
  return (
    <div className={styles.selectField}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        ref={selectRef}
        value={value}
        autoComplete={autoComplete}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={warning ? true : undefined}
        aria-describedby={warning ? `${id}-warning` : undefined}
        className={warning ? styles.invalid : undefined}
      >
        <option value="">--</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      {warning ? (
        <p id={`${id}-warning`} className={styles.warning}>
          {warning}
        </p>
      ) : null}
    </div>
  );
}
