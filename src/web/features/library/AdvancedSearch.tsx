import { type FormEvent, useState } from 'react';
import {
  compileAdvancedSearch,
  EMPTY_ADVANCED,
  type AdvancedSearch as Fields,
  isAdvancedEmpty,
} from '../../../shared/search-query.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './Library.module.css';

const FIELDS: [keyof Fields, string][] = [
  ['allWords', 'Has the words'],
  ['anyWords', 'Any of these words'],
  ['noneWords', 'None of these words'],
  ['domain', 'Domain'],
];

/** Advanced search compiles to the same syntax as the search box; Search does nothing when all are empty. */
export function AdvancedSearch({ onSearch }: { onSearch: (what: string) => void }) {
  const [fields, setFields] = useState<Fields>(EMPTY_ADVANCED);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isAdvancedEmpty(fields)) return;
    onSearch(compileAdvancedSearch(fields));
  };
  return (
    <form className={styles.advanced} onSubmit={submit} aria-label="Advanced search">
      {FIELDS.map(([key, label]) => (
        <TextField
          key={key}
          label={label}
          value={fields[key]}
          onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
        />
      ))}
      <div className={styles.advancedButtons}>
        <Button variant="ghost" onClick={() => setFields(EMPTY_ADVANCED)}>
          Clear
        </Button>
        <Button variant="primary" type="submit">
          Search
        </Button>
      </div>
    </form>
  );
}
