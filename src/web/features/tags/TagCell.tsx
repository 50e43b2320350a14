import { Ellipsis, Pencil, TextCursorInput, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useEffect, useReducer, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { TagCount } from '../../../shared/schemas/tags.ts';
import { links } from '../../lib/links.ts';
import { IconButton } from '../../ui/IconButton.tsx';
import { Menu, MenuItem } from '../../ui/Menu.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { initialInlineEdit, inlineEditReducer, inlineSubmitIntent } from './inline-edit.ts';
import { DeleteTagModal } from './TagModals.tsx';
import styles from './Tags.module.css';
import { cutTagLabel } from './tags-page.ts';
import type { useTagActions } from './useTagActions.ts';

export interface TagCellProps {
  tag: TagCount;
  username: string;
  /** owner-only controls appear only when these are given */
  owner?: {
    actions: ReturnType<typeof useTagActions>;
    onEdit: (tag: string) => void;
    onDelete: (tag: string) => void;
  };
}

/** One tag of the grid: a link to the library filtered by it and, for the owner, inline rename and a menu. */
export function TagCell({ tag, username, owner }: TagCellProps) {
  const [state, dispatch] = useReducer(inlineEditReducer, initialInlineEdit);
  // an empty name deletes the tag, which asks first (part 1 §4)
  const [confirming, setConfirming] = useState(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const wasEditing = useRef(false);

  // Back in view after editing, focus returns to the tag instead of falling to the page.
  useEffect(() => {
    if (state.mode === 'view' && wasEditing.current) linkRef.current?.focus();
    wasEditing.current = state.mode !== 'view';
  }, [state.mode]);

  const submit = async () => {
    if (state.mode !== 'editing' || !owner) return;
    const intent = inlineSubmitIntent(tag.name, state.draft);
    if (intent.kind === 'none') return dispatch({ type: 'cancel' });
    dispatch({ type: 'submit' });
    if (intent.kind === 'delete') return setConfirming(true);
    const ok = await owner.actions.rename(tag.name, intent.to);
    dispatch({ type: ok ? 'succeeded' : 'failed' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape') {
      // keeps Escape from also closing anything around the grid
      event.stopPropagation();
      dispatch({ type: 'cancel' });
    }
  };

  return (
    <li className={styles.cell} data-mode={state.mode}>
      {state.mode === 'view' ? (
        <Link ref={linkRef} to={links.tag(username, tag.name)} className={styles.tagLink} title={tag.name}>
          {/* the name is the visible text (WCAG 2.5.3), the count read with its unit */}
          <span className={styles.tagName}>{cutTagLabel(tag.name)}</span>{' '}
          <span className={styles.count}>
            {tag.count}
            <span className="visually-hidden"> {tag.count === 1 ? 'item' : 'items'}</span>
          </span>
        </Link>
      ) : (
        <span className={styles.editRow}>
          <input
            className={styles.editInput}
            aria-label={`New name for tag ${tag.name}`}
            value={state.draft}
            readOnly={state.mode === 'submitting'}
            aria-busy={state.mode === 'submitting' || undefined}
            // the input replaces the link the user just chose to rename, so focus follows it
            // biome-ignore lint/a11y/noAutofocus: focus moves to the field the user asked for
            autoFocus
            maxLength={100}
            onChange={(event) => dispatch({ type: 'change', draft: event.target.value })}
            onKeyDown={onKeyDown}
            onBlur={() => {
              if (!confirming) dispatch({ type: 'cancel' });
            }}
          />
          {state.mode === 'submitting' && !confirming ? <Spinner size={14} /> : null}
        </span>
      )}
      {owner && state.mode === 'view' ? (
        <span className={styles.controls}>
          <IconButton
            className={styles.renameButton}
            label={`Rename tag ${tag.name}`}
            title="Rename"
            icon={<Pencil size={14} aria-hidden="true" />}
            onClick={() => dispatch({ type: 'edit', name: tag.name })}
          />
          <Menu
            trigger={
              <IconButton
                label={`More actions for tag ${tag.name}`}
                title="More actions"
                icon={<Ellipsis size={16} aria-hidden="true" />}
              />
            }
          >
            <MenuItem
              icon={<TextCursorInput size={16} aria-hidden="true" />}
              onSelect={() => dispatch({ type: 'edit', name: tag.name })}
            >
              Rename
            </MenuItem>
            <MenuItem icon={<Pencil size={16} aria-hidden="true" />} onSelect={() => owner.onEdit(tag.name)}>
              Edit Tag
            </MenuItem>
            <MenuItem
              icon={<Trash2 size={16} aria-hidden="true" />}
              onSelect={() => owner.onDelete(tag.name)}
            >
              Delete tag
            </MenuItem>
          </Menu>
        </span>
      ) : null}
      {confirming && owner ? (
        <DeleteTagModal
          tag={tag.name}
          onDelete={async () => {
            const ok = await owner.actions.remove(tag.name, 'inline');
            dispatch({ type: ok ? 'succeeded' : 'failed' });
            return ok;
          }}
          onClose={() => {
            setConfirming(false);
            // declined: back to editing with the empty draft, as after a failure
            dispatch({ type: 'failed' });
          }}
        />
      ) : null}
    </li>
  );
}
