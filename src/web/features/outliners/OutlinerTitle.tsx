import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import styles from './OutlinerPage.module.css';

/** The outliner's title: saved with Enter or on leaving the field when non-empty and changed; Escape reverts. */
export function OutlinerTitle(props: {
  title: string;
  onRename: (title: string) => void;
  readOnly?: boolean;
}) {
  const { title } = props;
  const [text, setText] = useState(title);
  const [editing, setEditing] = useState(false);
  const reverting = useRef(false);

  useEffect(() => {
    if (!editing) setText(title);
  }, [title, editing]);

  if (props.readOnly) return <h1 className={styles.title}>{title}</h1>;

  const commit = () => {
    const next = text.trim();
    if (next && next !== title) props.onRename(next);
    else setText(title);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      event.currentTarget.blur();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      reverting.current = true;
      setText(title);
      event.currentTarget.blur();
    }
  };
  return (
    <h1 className={styles.titleHeading}>
      <input
        className={styles.titleInput}
        aria-label="Outliner title"
        value={editing ? text : title}
        maxLength={200}
        onFocus={() => {
          setText(title);
          setEditing(true);
        }}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setEditing(false);
          if (reverting.current) reverting.current = false;
          else commit();
        }}
      />
    </h1>
  );
}
