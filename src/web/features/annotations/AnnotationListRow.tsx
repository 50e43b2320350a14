import { Check, StickyNote as FloatNoteIcon, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import type { AnnotationReply } from '../../../shared/schemas/annotations.ts';
import { HIGHLIGHT_COLORS, type HighlightColor, SHAPE } from '../../../shared/schemas/values.ts';
import { IconButton } from '../../ui/IconButton.tsx';
import { Menu, MenuItem } from '../../ui/Menu.tsx';
import styles from './AnnotationList.module.css';
import { StickyNote, StickyNoteEditor } from './StickyNote.tsx';
import { useHighlightActions } from './useHighlightActions.ts';

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
  /** its quote can be dragged into the reading side area (marked as the reader marks highlights) */
  dragSource?: boolean;
}) {
  const { annotation, owner } = props;
  const actions = useHighlightActions(annotation.link_id);
  /** 'new' while adding a sticky note, or the id of the one being edited */
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const [editError, setEditError] = useState<string | null>(null);
  const floatNote = annotation.shape === SHAPE.floatNote;
  const color = annotation.extra.color;

  const stopEditing = () => {
    setEditing(null);
    setEditError(null);
  };
  const saveNote = async (content: string) => {
    if (editing === null) return;
    if (await actions.saveNote(annotation, content, { noteId: editing, quiet: true })) stopEditing();
    else setEditError(STICKY_NOT_SAVED);
  };

  const editor = (initial: string) => (
    <StickyNoteEditor
      initial={initial}
      busy={actions.busy}
      error={editError}
      onSave={(content) => void saveNote(content)}
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
      aria-busy={actions.busy || undefined}
    >
      <div className={styles.main}>
        {floatNote ? (
          <FloatNoteIcon size={14} className={styles.floatIcon} role="img" aria-label="Float note" />
        ) : null}
        <Link
          to={props.href}
          className={styles.quote}
          data-ann-id={props.dragSource ? annotation.id : undefined}
        >
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
                    disabled={actions.busy}
                  >
                    <span className={styles.swatch} data-color={color} />
                  </button>
                }
              >
                {HIGHLIGHT_COLORS.map((c) => (
                  <MenuItem
                    key={c}
                    icon={<span className={styles.swatch} data-color={c} />}
                    onSelect={() => void actions.recolor(annotation, c)}
                  >
                    {COLOR_NAMES[c]}
                    {c === color ? (
                      <Check size={14} role="img" aria-label="(current)" className={styles.current} />
                    ) : null}
                  </MenuItem>
                ))}
              </Menu>
            )}
            <IconButton
              size="xs"
              tone="danger"
              label={floatNote ? 'Delete float note' : 'Delete highlight'}
              title="Delete"
              icon={<Trash2 size={14} aria-hidden="true" />}
              disabled={actions.busy}
              onClick={() => void actions.removeAnnotation(annotation)}
            />
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
            busy={actions.busy}
            onEdit={() => setEditing(note.id)}
            onDelete={() => void actions.removeStickyNote(annotation, note.id)}
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
