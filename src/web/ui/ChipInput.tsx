import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import styles from './ChipInput.module.css';
import { addChip, chipInputWidth, removeLastChip } from './chips.ts';

export interface ChipInputProps {
  label: string;
  chips: string[];
  onChange: (chips: string[]) => void;
  placeholder?: string;
  /** chips failing this are marked (e.g. an address that is not valid) */
  isValid?: (chip: string) => boolean;
  warning?: string | undefined;
}

/** A text input collecting chips: Enter, Tab or leaving the field adds; Backspace when empty removes. */
export function ChipInput({ label, chips, onChange, placeholder, isValid, warning }: ChipInputProps) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const warningId = `${id}-warning`;

  const commit = () => {
    const next = addChip(chips, text);
    if (next.length !== chips.length) onChange(next);
    setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || (event.key === 'Tab' && text.trim())) {
      // Tab with text adds a chip and stays; Tab on an empty input moves focus on as usual.
      event.preventDefault();
      commit();
    } else if (event.key === 'Backspace' && text === '' && chips.length > 0) {
      onChange(removeLastChip(chips));
    }
  };

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {/* Clicking the box focuses the input, as a text field would; the input itself is keyboard reachable. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer convenience only */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the input inside takes the keyboard */}
      <div
        className={`${styles.box} ${warning ? styles.invalid : ''}`}
        onClick={() => inputRef.current?.focus()}
      >
        <ul className={styles.chips} aria-label={`${label}: ${chips.length} added`}>
          {chips.map((chip) => (
            <li
              key={chip}
              className={`${styles.chip} ${isValid && !isValid(chip) ? styles.bad : ''}`}
              aria-invalid={isValid && !isValid(chip) ? true : undefined}
            >
              <span className={styles.chipText}>{chip}</span>
              <button
                type="button"
                className={styles.remove}
                aria-label={`Remove ${chip}`}
                onClick={() => onChange(chips.filter((c) => c !== chip))}
              >
                <X size={12} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
        <input
          ref={inputRef}
          id={id}
          className={styles.input}
          value={text}
          placeholder={chips.length === 0 ? placeholder : undefined}
          style={{ width: chips.length === 0 && !text ? '100%' : chipInputWidth(text) }}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={commit}
          aria-invalid={warning ? true : undefined}
          aria-describedby={warning ? warningId : undefined}
        />
      </div>
      {warning ? (
        <p id={warningId} className={styles.warning}>
          {warning}
        </p>
      ) : null}
    </div>
  );
}
