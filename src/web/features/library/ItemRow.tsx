import { Globe, Highlighter, Lock, MoreHorizontal } from 'lucide-react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { Link } from 'react-router';
import { TAG_LABEL_MAX } from '../../../shared/limits.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { tagFilterText } from '../../../shared/search-query.ts';
import { splitTName } from '../../../shared/tags.ts';
import { Menu, MenuItem } from '../../ui/Menu.tsx';
import { type ActionContext, type ActionId, actionsFor } from './actions.ts';
import { itemDate } from './dates.ts';
import styles from './Library.module.css';
import { cutLabel, noteText } from './text.ts';

export interface ItemRowProps {
  item: ItemReply;
  username: string;
  expanded: boolean;
  bulkMode: boolean;
  selected: boolean;
  ctx: ActionContext;
  tagHref: (tag: string) => string;
  onToggleSelect: (event: { ctrlKey: boolean; metaKey: boolean; onControl: boolean }) => void;
  onAction: (action: ActionId, item: ItemReply) => void;
}

const CONTROL = 'a, button, input, select, textarea, [role="menuitem"]';

/** One library row: title, host, tags, description or note preview, annotations, date and the item menu. */
export function ItemRow(props: ItemRowProps) {
  const { item, expanded, bulkMode, selected, ctx } = props;
  const owner = item.canEdit;
  const href = owner ? `/user/${encodeURIComponent(props.username)}/b/${item.link_id}` : item.url;
  const tags = splitTName(item.t_name);
  const actions = actionsFor(item, ctx);

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const onControl = Boolean((event.target as HTMLElement).closest(CONTROL));
    props.onToggleSelect({ ctrlKey: event.ctrlKey, metaKey: event.metaKey, onControl });
  };
  // Shortcuts act on the row whose title has focus; typing in a field never triggers them.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!(event.target as HTMLElement).matches('[data-item-row]')) return;
    if (event.key === 'x') props.onToggleSelect({ ctrlKey: true, metaKey: false, onControl: false });
    const byKey = actions.find((a) => a.shortcut === event.key);
    if (byKey) {
      event.preventDefault();
      props.onAction(byKey.id, item);
    }
  };

  return (
    // Clicks select in bulk mode (the checkbox is the keyboard way); keys come from the focused title.
    <article
      className={[styles.row, selected ? styles.rowSelected : ''].join(' ')}
      onClick={onClick}
      onKeyDown={onKeyDown}
      aria-label={item.title}
    >
      {bulkMode ? (
        <input
          type="checkbox"
          className={styles.rowCheck}
          checked={selected}
          aria-label={`Select ${item.title}`}
          onChange={() => props.onToggleSelect({ ctrlKey: true, metaKey: false, onControl: false })}
        />
      ) : null}
      <div className={styles.rowBody}>
        <div className={styles.rowTitleLine}>
          {href ? (
            owner ? (
              <Link to={href} className={styles.rowTitle} data-item-row="">
                {item.title || item.url}
              </Link>
            ) : (
              <a
                href={href}
                className={styles.rowTitle}
                target="_blank"
                rel="noopener noreferrer"
                data-item-row=""
              >
                {item.title || item.url}
              </a>
            )
          ) : (
            <span className={styles.rowTitle}>{item.title}</span>
          )}
          {owner && item.readed === 0 ? (
            <span className={styles.unreadDot} title="Unread">
              <span className="visually-hidden">Unread</span>
            </span>
          ) : null}
          {owner ? (
            item.private ? (
              <Lock size={13} className={styles.rowIcon} aria-label="Private" />
            ) : (
              <Globe size={13} className={styles.rowIcon} aria-label="Public" />
            )
          ) : null}
        </div>
        <div className={styles.rowMeta}>
          {item.host ? <span>{item.host}</span> : <span>{item.type_name}</span>}
          <span aria-hidden="true">·</span>
          <time dateTime={new Date(item.updated_at * 1000).toISOString()}>{itemDate(item.updated_at)}</time>
          {item.annotation_count > 0 ? (
            <span className={styles.annBadge}>
              <Highlighter size={12} aria-hidden="true" /> {item.annotation_count}
            </span>
          ) : null}
        </div>
        {tags.length ? (
          <ul className={styles.rowTags} aria-label="Tags">
            {tags.map((tag) => (
              <li key={tag}>
                <Link to={props.tagHref(tag)} className={styles.tagChip} title={tagFilterText(tag)}>
                  {cutLabel(tag, TAG_LABEL_MAX)}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {expanded && item.type_name === 'note' && item.note_content ? (
          <p className={styles.rowText}>{noteText(item.note_content)}</p>
        ) : null}
        {expanded && item.description ? <p className={styles.rowText}>{item.description}</p> : null}
      </div>
      {actions.length ? (
        <Menu
          trigger={
            <button type="button" className={styles.rowMenu} aria-label={`Actions for ${item.title}`}>
              <MoreHorizontal size={16} aria-hidden="true" />
            </button>
          }
        >
          {actions.map((a) => (
            <MenuItem key={a.id} onSelect={() => props.onAction(a.id, item)}>
              {a.label}
            </MenuItem>
          ))}
        </Menu>
      ) : null}
    </article>
  );
}
