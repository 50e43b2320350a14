import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import styles from './Notes.module.css';

/** The note's title in the top bar: saved with Enter (non-empty and changed), Escape reverts. */
export function NoteTitle({ title, onRename }: { title: string; onRename: (title: string) => void }) {
  const [text, setText] = useState(title);
  const [editing, setEditing] = useState(false);
  const reverting = useRef(false);

  useEffect(() => {
    if (!editing) setText(title);
  }, [title, editing]);

  const commit = () => {
    const next = text.trim();
    if (next && next !== title) onRename(next);
    else setText(title);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
      event.currentTarget.blur();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      reverting.current = true;
      setText(title);
      event.currentTarget.blur();
    }
  };

  return (
    <input
      className={styles.title}
      aria-label="Note title"
      value={editing ? text : title}
      maxLength={1000}
      onFocus={() => {
        setText(title);
        setEditing(true);
      }}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => {
        setEditing(false);
        if (reverting.current) reverting.current = false;
        else if (text.trim() && text.trim() !== title) commit();
        else setText(title);
      }}
    />
  );
}
