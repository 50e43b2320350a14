import { Check, StickyNote as FloatNoteIcon, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import {
  type AnnotationReply,
  HIGHLIGHT_COLORS,
  type HighlightColor,
  SHAPE,
} from '../../../shared/schemas/annotations.ts';
import {
  useChangeAnnotationColor,
  useEditStickyNote,
  usePostStickyNote,
  useRemoveAnnotation,
  useRemoveStickyNote,
} from '../../api/annotations.ts';
import { Menu, MenuItem } from '../../ui/Menu.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import styles from './AnnotationList.module.css';
import { ANNOTATION_MESSAGES as text } from './messages.ts';
import { StickyNote, StickyNoteEditor } from './StickyNote.tsx';

const COLOR_NAMES: Record<HighlightColor, string> = {
  yellow: 'Yellow',
  blue: 'Blue',
  green: 'Green',
  pink: 'Pink',
};

/** A sticky note that did not save stays in its editor; the spec shows no notification for it. */
const STICKY_NOT_SAVED = 'The sticky note was not saved. Please try again.';

/**
 * One annotation of a list: its colour and text (a link that opens the item at it), any sticky
 * note, and for the owner the colour menu, Delete, and Add sticky note or Edit and Delete.
 */
export function AnnotationListRow(props: {
  annotation: AnnotationReply;
  owner: boolean;
  href: string;
  /** more about where it sits (a Kindle location, page and date) */
  detail?: ReactNode;
  /** the one the address points at (?ann_md5=) */
  targeted?: boolean;
}) {
  const { annotation, owner } = props;
  const notify = useNotify();
  const changeColor = useChangeAnnotationColor();
  const remove = useRemoveAnnotation();
  const postNote = usePostStickyNote();
  const editNote = useEditStickyNote();
  const removeNote = useRemoveStickyNote();
  /** 'new' while adding a sticky note, or the id of the one being edited */
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const ids = { link_id: annotation.link_id };
  const floatNote = annotation.shape === SHAPE.floatNote;
  const color = annotation.extra.color;
  const noteBusy = postNote.isPending || editNote.isPending || removeNote.isPending;

  const recolor = (next: HighlightColor) => {
    if (next === color) return;
    changeColor
      .mutateAsync({ ...ids, ann_id: annotation.id, color: next })
      .catch(() => notify({ kind: 'error', text: text.colorFailed }));
  };
  // the promise, not mutate's callbacks: those never run once the removed row has unmounted
  const deleteAnnotation = () =>
    remove.mutateAsync({ ...ids, ann_id: annotation.id }).then(
      () => notify({ kind: 'done', text: text.deleteDone }),
      () => notify({ kind: 'error', text: text.deleteFailed }),
    );
  const stopEditing = () => {
    setEditing(null);
    setEditError(null);
  };
  const saveNote = (content: string) => {
    const done = { onSuccess: stopEditing, onError: () => setEditError(STICKY_NOT_SAVED) };
    if (editing === 'new') postNote.mutate({ ...ids, ann_id: annotation.id, sContent: content }, done);
    else if (editing !== null) editNote.mutate({ ...ids, id: editing, content }, done);
  };
  const deleteNote = (id: number) =>
    removeNote.mutateAsync({ ...ids, id }).then(
      () => notify({ kind: 'done', text: text.noteRemoved }),
      () => notify({ kind: 'error', text: text.noteRemoveFailed }),
    );

  const editor = (initial: string) => (
    <StickyNoteEditor
      initial={initial}
      busy={postNote.isPending || editNote.isPending}
      error={editError}
      onSave={saveNote}
      onCancel={stopEditing}
    />
  );

  return (
    <li
      className={[styles.row, floatNote ? styles.floatRow : '', props.targeted ? styles.targeted : ''].join(
        ' ',
      )}
      data-color={color}
      data-ann-md5={annotation.ann_md5}
      aria-busy={remove.isPending || undefined}
    >
      <div className={styles.main}>
        {floatNote ? (
          <FloatNoteIcon size={14} className={styles.floatIcon} role="img" aria-label="Float note" />
        ) : null}
        <Link to={props.href} className={styles.quote}>
          {annotation.content}
        </Link>
        {owner ? (
          <span className={styles.controls}>
            {floatNote ? null : (
              <Menu
                trigger={
                  <button
                    type="button"
                    className={styles.swatchButton}
                    aria-label={`Change color (now ${COLOR_NAMES[color].toLowerCase()})`}
                    title="Change color"
                    disabled={changeColor.isPending}
                  >
                    <span className={styles.swatch} data-color={color} />
                  </button>
                }
              >
                {HIGHLIGHT_COLORS.map((c) => (
                  <MenuItem
                    key={c}
                    icon={<span className={styles.swatch} data-color={c} />}
                    onSelect={() => recolor(c)}
                  >
                    {COLOR_NAMES[c]}
                    {c === color ? (
                      <Check size={14} role="img" aria-label="(current)" className={styles.current} />
                    ) : null}
                  </MenuItem>
                ))}
              </Menu>
            )}
            <button
              type="button"
              className={styles.iconButton}
              aria-label={floatNote ? 'Delete float note' : 'Delete highlight'}
              title="Delete"
              disabled={remove.isPending}
              onClick={deleteAnnotation}
            >
              <Trash2 size={14} aria-hidden="true" />
            </button>
          </span>
        ) : (
          <span className={styles.swatch} data-color={color} role="img" aria-label={COLOR_NAMES[color]} />
        )}
      </div>
      {props.detail ? <div className={styles.detail}>{props.detail}</div> : null}
      {annotation.stickyNotes.map((note) =>
        editing === note.id ? (
          <div key={note.id}>{editor(note.content)}</div>
        ) : (
          <StickyNote
            key={note.id}
            note={note}
            owner={owner}
            busy={noteBusy}
            onEdit={() => setEditing(note.id)}
            onDelete={() => deleteNote(note.id)}
          />
        ),
      )}
      {editing === 'new' ? editor('') : null}
      {owner && !floatNote && annotation.stickyNotes.length === 0 && editing !== 'new' ? (
        <button type="button" className={styles.addNote} onClick={() => setEditing('new')}>
          Add sticky note
        </button>
      ) : null}
    </li>
  );
}
