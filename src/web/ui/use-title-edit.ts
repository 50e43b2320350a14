import { type KeyboardEvent, useEffect, useRef, useState } from 'react';

/**
 * A title edited in place (spec part 2 §5), the one way for the note and outliner titles: the field
 * shows the saved title until focused; Enter or leaving it saves when the text is non-empty and
 * changed, Escape reverts. Returns the props for the input.
 */
export function useTitleEdit(title: string, onRename: (title: string) => void) {
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
  return {
    value: editing ? text : title,
    onFocus: () => {
      setText(title);
      setEditing(true);
    },
    onChange: (event: { target: { value: string } }) => setText(event.target.value),
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        event.currentTarget.blur();
      } else if (event.key === 'Escape') {
        event.preventDefault();
        reverting.current = true;
        setText(title);
        event.currentTarget.blur();
      }
    },
    onBlur: () => {
      setEditing(false);
      if (reverting.current) reverting.current = false;
      else commit();
    },
  };
}
