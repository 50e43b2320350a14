import { useState } from 'react';
import { noteExcerpt, noteText } from '../../../shared/notes.ts';
import styles from './Items.module.css';

/** A note's text in its row: the first 300 characters, and long notes complete or collapse. */
export function NotePreview({ html }: { html: string }) {
  const [complete, setComplete] = useState(false);
  const short = noteExcerpt(html);
  const full = noteText(html);
  const long = full !== short;
  return (
    <>
      <p className={styles.rowText}>{complete ? full : short}</p>
      {long ? (
        <button
          type="button"
          className={styles.noteToggle}
          onClick={() => setComplete(!complete)}
          aria-expanded={complete}
        >
          {complete ? 'Collapse' : 'Complete'}
        </button>
      ) : null}
    </>
  );
}
