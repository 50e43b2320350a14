import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import styles from './Forms.module.css';

export interface SuggestInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter with no suggestion highlighted */
  onSubmit?: (value: string) => void;
  /** the fragment being typed that suggestions complete, or null for none */
  prefixOf: (value: string) => string | null;
  fetchSuggestions: (prefix: string) => Promise<string[]>;
  apply: (value: string, suggestion: string) => string;
  /** extra entries shown after the fetched ones, e.g. the Fulltext search */
  extra?: (value: string) => { label: string; onPick: () => void }[];
  label: string;
  placeholder?: string;
  id?: string;
  autoFocus?: boolean;
}

const DEBOUNCE_MS = 150;

/** A text input with a listbox of suggestions: arrows move, Enter picks, Escape closes. */
export function SuggestInput(props: SuggestInputProps) {
  const { value, onChange, onSubmit, prefixOf, fetchSuggestions, apply, extra, label, placeholder } = props;
  const listId = useId();
  const [suggestions, setSuggestions] = useState<string[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const prefix = prefixOf(value);

  useEffect(() => {
    if (prefix === null) {
      setSuggestions([]);
      return;
    }
    let cancelled = false;
    const timer = setTimeout(() => {
      fetchSuggestions(prefix)
        .then((found) => {
          if (!cancelled) setSuggestions(found);
        })
        .catch(() => {
          if (!cancelled) setSuggestions([]);
        });
    }, DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [prefix, fetchSuggestions]);

  const extras = open ? (extra?.(value) ?? []) : [];
  const entries = [
    ...suggestions.map((s) => ({ label: s, onPick: () => onChange(apply(value, s)) })),
    ...extras,
  ];
  const shown = open && entries.length > 0;

  const pick = (index: number) => {
    entries[index]?.onPick();
    setActive(-1);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && entries.length) {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (i + 1) % entries.length);
    } else if (event.key === 'ArrowUp' && entries.length) {
      event.preventDefault();
      setActive((i) => (i <= 0 ? entries.length - 1 : i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (shown && active >= 0) pick(active);
      else {
        setOpen(false);
        onSubmit?.(value);
      }
    } else if (event.key === 'Escape' && shown) {
      event.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className={styles.suggest}>
      <label htmlFor={props.id ?? `${listId}-input`} className="visually-hidden">
        {label}
      </label>
      <input
        id={props.id ?? `${listId}-input`}
        className={styles.suggestInput}
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        // biome-ignore lint/a11y/noAutofocus: modals focus their first field on purpose
        autoFocus={props.autoFocus}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setOpen(false), 120)}
      />
      {shown ? (
        <div id={listId} role="listbox" className={styles.suggestList} aria-label={`${label} suggestions`}>
          {entries.map((entry, index) => (
            <div
              key={entry.label}
              id={`${listId}-${index}`}
              role="option"
              tabIndex={-1}
              aria-selected={index === active}
              className={index === active ? styles.suggestActive : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                pick(index);
              }}
            >
              {entry.label}
            </div>
          ))}
        </div>
      ) : null}
    </div>
  );
}
