import { Search, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { IconButton } from '../../ui/IconButton.tsx';
import styles from './Tags.module.css';
import { NAV_LETTERS, type TagNav } from './tags-page.ts';

const ENTRIES: { value: TagNav | null; label: string; name: string }[] = [
  { value: null, label: 'All', name: 'All tags' },
  ...NAV_LETTERS.map((l) => ({
    value: l,
    label: l.toUpperCase(),
    name: `Tags starting with ${l.toUpperCase()}`,
  })),
  { value: 'other', label: 'Other', name: 'Tags starting with another character' },
];

/** A–Z navigation plus All and Other (part 2 §2); each entry is a link, so the URL keeps the choice. */
export function TagLetterNav({
  current,
  hrefFor,
}: {
  current: TagNav | null;
  hrefFor: (nav: TagNav | null) => string;
}) {
  return (
    <nav aria-label="Tags by first letter" className={styles.letters}>
      <ul>
        {ENTRIES.map((entry) => (
          <li key={entry.label}>
            <Link
              to={hrefFor(entry.value)}
              className={styles.letter}
              aria-label={entry.name}
              aria-current={entry.value === current ? 'page' : undefined}
            >
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

const TYPING_DELAY_MS = 400;

/** The search box: Enter searches at once, a pause in typing searches too; the URL holds the text. */
export function TagSearchBox({
  value,
  onSearch,
}: {
  value: string;
  onSearch: (text: string, typing: boolean) => void;
}) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // the URL changed from elsewhere (a letter link, back): show its text, unless it is what is typed
  if (shown !== value) {
    setShown(value);
    if (text.trim() !== value) setText(value);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (next.trim() !== value.trim()) onSearch(next, true);
    }, TYPING_DELAY_MS);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    clearTimeout(timer.current);
    onSearch(text, false);
  };

  return (
    <search className={styles.search}>
      <form onSubmit={submit}>
        <Search size={16} className={styles.searchIcon} aria-hidden="true" />
        <input
          type="text"
          inputMode="search"
          enterKeyHint="search"
          className={styles.searchInput}
          placeholder="Search Tag..."
          aria-label="Search tags"
          value={text}
          maxLength={100}
          onChange={(event) => change(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && text) {
              event.preventDefault();
              change('');
            }
          }}
        />
        {text ? (
          <IconButton
            size="xs"
            className={styles.clear}
            label="Clear search"
            icon={<X size={14} aria-hidden="true" />}
            onClick={() => {
              clearTimeout(timer.current);
              setText('');
              onSearch('', false);
            }}
          />
        ) : null}
      </form>
    </search>
  );
}
