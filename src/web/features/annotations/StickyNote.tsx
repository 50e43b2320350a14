import { MessageSquareText } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { StickyNoteReply } from '../../../shared/schemas/annotations.ts';
import styles from './AnnotationList.module.css';
import popover from './Highlights.module.css';

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
 * The one sticky note (and float note) editor, in the annotation list and in the readers: Enter
 * saves, Shift+Enter starts a new line, Escape cancels; saving unchanged or empty text just closes it.
 * Inline (the list) it also saves when the field is left; in a popover (the readers) it has Save and
 * Cancel buttons instead, so clicking Cancel does not save on the way.
 */
export function StickyNoteEditor(props: {
  initial: string;
  busy: boolean;
  error?: string | null;
  onSave: (content: string) => void;
  onCancel: () => void;
  label?: string;
  layout?: 'inline' | 'popover';
}) {
  const { label = 'Sticky note', layout = 'inline' } = props;
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

  const field = (
    <textarea
      ref={ref}
      className={layout === 'inline' ? styles.editorField : undefined}
      aria-label={label}
      placeholder={`Write a ${label.toLowerCase()}`}
      rows={layout === 'inline' ? 2 : 3}
      maxLength={10_000}
      value={text}
      readOnly={props.busy}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={onKeyDown}
      onBlur={layout === 'inline' ? save : undefined}
    />
  );
  const error = props.error ? (
    <p className={styles.editorError} role="alert">
      {props.error}
    </p>
  ) : null;

  if (layout === 'popover') {
    return (
      <form
        className={popover.editor}
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {field}
        {error}
        <div className={popover.row}>
          <button type="submit" className={popover.primaryButton} disabled={!text.trim() || props.busy}>
            Save
          </button>
          <button type="button" className={popover.textButton} onClick={props.onCancel}>
            Cancel
          </button>
        </div>
      </form>
    );
  }
  return (
    <div className={styles.editor}>
      {field}
      <p className={styles.editorHint}>
        {props.busy ? 'Saving...' : 'Enter to save, Shift+Enter for a new line, Esc to cancel'}
      </p>
      {error}
    </div>
  );
}
