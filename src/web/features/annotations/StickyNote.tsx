import { MessageSquareText } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { StickyNoteReply } from '../../../shared/schemas/annotations.ts';
import styles from './AnnotationList.module.css';

/** A highlight's sticky note; the owner gets Edit and Delete. */
export function StickyNote(props: {
  note: StickyNoteReply;
  owner: boolean;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className={styles.sticky}>
      <MessageSquareText size={14} aria-hidden="true" className={styles.stickyIcon} />
      <p className={styles.stickyText}>{props.note.content}</p>
      {props.owner ? (
        <span className={styles.stickyActions}>
          <button type="button" className={styles.textButton} onClick={props.onEdit} disabled={props.busy}>
            Edit
          </button>
          <button
            type="button"
            className={styles.textButton}
            onClick={props.onDelete}
            disabled={props.busy}
            aria-label="Delete sticky note"
          >
            Delete
          </button>
        </span>
      ) : null}
    </div>
  );
}

/**
 * The inline sticky note editor: Enter or leaving the field saves, Shift+Enter starts a new line,
 * Escape cancels. Saving unchanged or empty text just closes it.
 */
export function StickyNoteEditor(props: {
  initial: string;
  busy: boolean;
  error: string | null;
  onSave: (content: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState(props.initial);
  const ref = useRef<HTMLTextAreaElement>(null);
  // Escape or Enter already settled it; the blur that follows must not save again
  const settled = useRef(false);

  useEffect(() => {
    const field = ref.current;
    if (!field) return;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, []);

  const save = () => {
    if (settled.current || props.busy) return;
    const content = text.trim();
    settled.current = true;
    if (!content || content === props.initial.trim()) props.onCancel();
    else props.onSave(content);
  };
  // a failed save leaves the editor open with the text, ready to try again
  useEffect(() => {
    if (!props.busy) settled.current = false;
  }, [props.busy]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      settled.current = true;
      props.onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    }
  };

  return (
    <div className={styles.editor}>
      <textarea
        ref={ref}
        className={styles.editorField}
        aria-label="Sticky note"
        placeholder="Write a sticky note"
        rows={2}
        value={text}
        readOnly={props.busy}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={save}
      />
      <p className={styles.editorHint}>
        {props.busy ? 'Saving...' : 'Enter to save, Shift+Enter for a new line, Esc to cancel'}
      </p>
      {props.error ? (
        <p className={styles.editorError} role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
