import { Check, StickyNote, Trash2 } from 'lucide-react';
import type { CSSProperties, ReactNode, Ref } from 'react';
import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';
import { HIGHLIGHT_COLORS, type HighlightColor } from '../../../shared/schemas/values.ts';
import styles from './Highlights.module.css';

export interface Place {
  left: number;
  top: number;
}

const colorName = (c: HighlightColor) => c[0]!.toUpperCase() + c.slice(1);

/**
 * A small box floating at a place in the reader frame (or, `fixed`, in the viewport, as the PDF
 * reader places it); pressing in it keeps the text selection.
 */
export function Floating(props: {
  place: Place;
  label: string;
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
  fixed?: boolean;
}) {
  return (
    <div
      ref={props.ref}
      role="toolbar"
      aria-label={props.label}
      className={props.fixed ? `${styles.floating} ${styles.fixed}` : styles.floating}
      style={{ left: props.place.left, top: props.place.top } as CSSProperties}
      onMouseDown={(e) => {
        if (!(e.target instanceof HTMLTextAreaElement)) e.preventDefault();
      }}
    >
      {props.children}
    </div>
  );
}

export function ColorButtons(props: {
  current?: HighlightColor;
  onPick: (c: HighlightColor) => void;
  disabled?: boolean;
}) {
  return (
    <div className={styles.colors}>
      {HIGHLIGHT_COLORS.map((c) => (
        <button
          key={c}
          type="button"
          className={`${styles.swatch} ${styles[c]}`}
          aria-label={colorName(c)}
          title={colorName(c)}
          aria-pressed={props.current ? props.current === c : undefined}
          disabled={props.disabled}
          onClick={() => props.onPick(c)}
        >
          {props.current === c ? <Check size={14} aria-hidden="true" /> : null}
        </button>
      ))}
    </div>
  );
}

/** What a click on an existing highlight offers: its sticky note, colours and deletion (owner only). */
export function HighlightMenu(props: {
  annotation: AnnotationReply;
  canEdit: boolean;
  busy: boolean;
  onColor: (c: HighlightColor) => void;
  onEditNote: () => void;
  onDeleteNote: () => void;
  onDelete: () => void;
}) {
  const note = props.annotation.stickyNotes[0];
  return (
    <>
      {note ? <p className={styles.noteText}>{note.content}</p> : null}
      {props.canEdit ? (
        <div className={styles.row}>
          <ColorButtons current={props.annotation.extra.color} onPick={props.onColor} disabled={props.busy} />
          {note ? (
            <>
              <TextButton onClick={props.onEditNote}>Edit sticky note</TextButton>
              <TextButton onClick={props.onDeleteNote} disabled={props.busy}>
                Delete sticky note
              </TextButton>
            </>
          ) : (
            <TextButton onClick={props.onEditNote} icon={<StickyNote size={14} aria-hidden="true" />}>
              Add sticky note
            </TextButton>
          )}
          <TextButton
            onClick={props.onDelete}
            disabled={props.busy}
            icon={<Trash2 size={14} aria-hidden="true" />}
          >
            Delete highlight
          </TextButton>
        </div>
      ) : null}
    </>
  );
}

export function TextButton(props: {
  onClick: () => void;
  children: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
}) {
  return (
    <button type="button" className={styles.textButton} onClick={props.onClick} disabled={props.disabled}>
      {props.icon}
      {props.children}
    </button>
  );
}
