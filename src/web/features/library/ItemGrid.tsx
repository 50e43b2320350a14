import { ImageIcon } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { type ActionContext, type ActionId, actionsFor } from './actions.ts';
import { ItemMenu } from './ItemMenu.tsx';
import { CONTROL_SELECTOR, itemHref } from './ItemRow.tsx';
import styles from './Items.module.css';
import { cutLabel } from './text.ts';

/** Grid titles are cut to 15 characters in the library grid (spec part 1 §9). */
export const GRID_TITLE_MAX = 15;

/** Images show as a grid of thumbnails; selection and menus work as in the list. */
export function ItemGrid(props: {
  items: ItemReply[];
  username: string;
  bulkMode: boolean;
  selectedIds: number[];
  ctx: ActionContext;
  onToggleSelect: (
    item: ItemReply,
    event: { ctrlKey: boolean; metaKey: boolean; onControl: boolean },
  ) => void;
  onAction: (id: ActionId, item: ItemReply) => void;
}) {
  return (
    <ul className={styles.grid} aria-label="Images">
      {props.items.map((item) => {
        const selected = props.selectedIds.includes(item.link_id);
        const title = item.title || 'Untitled';
        const onClick = (event: MouseEvent<HTMLElement>) =>
          props.onToggleSelect(item, {
            ctrlKey: event.ctrlKey,
            metaKey: event.metaKey,
            onControl: Boolean((event.target as HTMLElement).closest(CONTROL_SELECTOR)),
          });
        return (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the checkbox selects from the keyboard
          <li
            key={item.link_id}
            className={[styles.gridCard, selected ? styles.gridSelected : ''].join(' ')}
            onClick={onClick}
          >
            <Link
              to={itemHref(item, props.username)}
              title={title}
              className={styles.gridLink}
              data-item-row=""
            >
              {item.thumbnail_url ? (
                <img src={item.thumbnail_url} alt="" loading="lazy" />
              ) : (
                <span className={styles.gridBlank}>
                  <ImageIcon size={24} aria-hidden="true" />
                </span>
              )}
              <span className={styles.gridTitle}>{cutLabel(title, GRID_TITLE_MAX)}</span>
            </Link>
            <div className={styles.gridTools}>
              {props.bulkMode ? (
                <input
                  type="checkbox"
                  className={styles.rowCheck}
                  checked={selected}
                  aria-label={`Select ${title}`}
                  onChange={() =>
                    props.onToggleSelect(item, { ctrlKey: true, metaKey: false, onControl: false })
                  }
                />
              ) : (
                <span />
              )}
              <ItemMenu item={item} actions={actionsFor(item, props.ctx)} onAction={props.onAction} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
