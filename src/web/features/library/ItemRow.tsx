import { Globe, Highlighter, Lock } from 'lucide-react';
import { type KeyboardEvent, type MouseEvent, useRef } from 'react';
import { Link } from 'react-router';
import { TAG_LABEL_MAX } from '../../../shared/limits.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { tagFilterText } from '../../../shared/search-query.ts';
import { splitTName } from '../../../shared/tags.ts';
import { links } from '../../lib/links.ts';
import { useSwipe } from '../../lib/swipe.ts';
import { AnnotationList } from '../annotations/AnnotationList.tsx';
import { ItemOutliners } from '../outliners/ItemOutliners.tsx';
import { type ActionContext, type ActionId, actionsFor } from './actions.ts';
import { itemDate } from './dates.ts';
import { ItemCover } from './ItemCover.tsx';
import { ItemMenu } from './ItemMenu.tsx';
import { ItemSnippet } from './ItemSnippet.tsx';
import styles from './Items.module.css';
import type { ListLayout } from './layout.ts';
import { NotePreview } from './NotePreview.tsx';
import { StarToggle } from './StarToggle.tsx';
import { cutLabel } from './text.ts';

export interface ItemRowProps {
  item: ItemReply;
  username: string;
  /** near the top of the list: its picture loads at once instead of lazily */
  eagerCover?: boolean;
  expanded: boolean;
  /** compact rows, rows with covers, or cards */
  layout: ListLayout;
  bulkMode: boolean;
  selected: boolean;
  ctx: ActionContext;
  tagHref: (tag: string) => string;
  /** the library search: annotations matching it are the ones shown */
  what?: string;
  /** the library view as a query string, kept on the item's link for previous/next */
  listQuery: string;
  onToggleSelect: (event: { ctrlKey: boolean; metaKey: boolean; onControl: boolean }) => void;
  onAction: (action: ActionId, item: ItemReply) => void;
}

/** Clicks on these never select the row (spec part 1 §5). */
export const CONTROL_SELECTOR = 'a, button, input, select, textarea, label, [role="menuitem"]';

/** The owner opens the item in Folio, with the list's query kept (spec part 1 §2); others go to the page itself. */
export function itemHref(item: ItemReply, username: string, listQuery = ''): string {
  if (!item.canEdit) return item.url;
  return links.item(username, item.link_id, listQuery);
}

/**
 * One library row. Expanded: title line, host and date, tags, the description or note text and
 * annotation previews. Collapsed: the title line only.
 */
export function ItemRow(props: ItemRowProps) {
  const { item, bulkMode, selected, ctx, layout } = props;
  const expanded = props.expanded && layout !== 'compact';
  const card = layout === 'cards';
  const owner = item.canEdit;
  const href = itemHref(item, props.username, props.listQuery);
  const title = item.title || item.url || 'Untitled';
  const tags = splitTName(item.t_name);
  const actions = actionsFor(item, ctx);
  // on a touch screen: swipe right to mark read (or unread), left to delete, through the same actions
  const rowRef = useRef<HTMLElement>(null);
  const offers = (id: ActionId) => actions.some((a) => a.id === id);
  useSwipe(
    rowRef,
    (swipe) => {
      const read = item.readed === 1 ? 'markUnread' : 'markRead';
      if (swipe === 'right' && offers(read)) props.onAction(read, item);
      if (swipe === 'left' && offers('delete')) props.onAction('delete', item);
    },
    (dx) => {
      if (rowRef.current) rowRef.current.style.transform = dx ? `translateX(${Math.round(dx / 3)}px)` : '';
    },
  );

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const onControl = Boolean((event.target as HTMLElement).closest(CONTROL_SELECTOR));
    props.onToggleSelect({ ctrlKey: event.ctrlKey, metaKey: event.metaKey, onControl });
  };
  // Shortcuts act on the row whose title has focus; typing in a field never triggers them.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (!target.matches('[data-item-row]') || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'x') {
      event.preventDefault();
      props.onToggleSelect({ ctrlKey: true, metaKey: false, onControl: false });
      return;
    }
    const byKey = actions.find((a) => a.shortcut === event.key);
    if (byKey) {
      event.preventDefault();
      props.onAction(byKey.id, item);
    }
  };
  const date = (
    <time dateTime={new Date(item.updated_at * 1000).toISOString()} className={styles.rowDate}>
      {itemDate(item.updated_at)}
    </time>
  );

  return (
    <article
      ref={rowRef}
      className={[
        styles.row,
        card ? styles.rowCard : '',
        selected ? styles.rowSelected : '',
        expanded ? '' : styles.rowCompact,
      ].join(' ')}
      onClick={onClick}
      onKeyDown={onKeyDown}
      aria-label={title}
      data-selected={selected || undefined}
    >
      {bulkMode ? (
        <input
          type="checkbox"
          className={styles.rowCheck}
          checked={selected}
          aria-label={`Select ${title}`}
          onChange={() => props.onToggleSelect({ ctrlKey: true, metaKey: false, onControl: false })}
        />
      ) : null}
      <ItemCover item={item} layout={layout} eager={props.eagerCover} />
      <div className={styles.rowBody}>
        <div className={styles.rowTitleLine}>
          {owner ? (
            <Link to={href} className={styles.rowTitle} data-item-row={item.link_id}>
              {title}
            </Link>
          ) : (
            <a
              href={href}
              className={styles.rowTitle}
              target="_blank"
              rel="noopener noreferrer"
              data-item-row={item.link_id}
            >
              {title}
            </a>
          )}
          {owner && item.readed === 0 ? (
            <span className={styles.unreadDot} title="Unread">
              <span className="visually-hidden">Unread</span>
            </span>
          ) : null}
          {owner ? (
            item.private ? (
              <Lock size={13} className={styles.rowIcon} aria-label="Private" role="img" />
            ) : (
              <Globe size={13} className={styles.rowIcon} aria-label="Public" role="img" />
            )
          ) : null}
          {expanded ? null : (
            <span className={styles.rowCompactMeta}>
              {item.host ? <span className={styles.rowHost}>{item.host}</span> : null}
              {date}
            </span>
          )}
        </div>
        {expanded ? (
          <>
            <div className={styles.rowMeta}>
              <span className={styles.rowHost}>{item.host || item.type_name}</span>
              <span aria-hidden="true">·</span>
              {date}
              {item.annotation_count > 0 ? (
                <span className={styles.annBadge} title={`${item.annotation_count} annotation(s)`}>
                  <Highlighter size={12} aria-hidden="true" /> {item.annotation_count}
                  <span className="visually-hidden"> annotation(s)</span>
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
            {owner && item.ouliner_id.length ? <ItemOutliners ids={item.ouliner_id} /> : null}
            {card ? null : (
              <>
                {item.type_name === 'note' && item.note_content ? (
                  <NotePreview html={item.note_content} />
                ) : null}
                {item.description ? <p className={styles.rowText}>{item.description}</p> : null}
              </>
            )}
            {item.snippet?.length ? <ItemSnippet parts={item.snippet} /> : null}
            {item.annotations.length && !card ? (
              <div className={styles.rowAnnotations}>
                <AnnotationList
                  key={props.what ?? ''}
                  item={item}
                  username={props.username}
                  what={props.what ?? ''}
                />
              </div>
            ) : null}
          </>
        ) : null}
      </div>
      <StarToggle item={item} onAction={props.onAction} />
      <ItemMenu item={item} actions={actions} onAction={props.onAction} />
    </article>
  );
}
