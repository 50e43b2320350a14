import { type Dispatch, Fragment, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { AD_POSITION, ListAd } from './Ads.tsx';
import type { ActionContext, ActionId } from './actions.ts';
import { ItemRow } from './ItemRow.tsx';
import styles from './Library.module.css';
import { clickSelects, inBulkMode, type SelectionAction, type SelectionState } from './selection.ts';
import { cutLabel } from './text.ts';

/** Grid titles are cut to 15 characters in the library grid (spec part 1 §9). */
const GRID_TITLE_MAX = 15;

export function ItemList(props: {
  items: ItemReply[];
  grid: boolean;
  username: string;
  expanded: boolean;
  selection: SelectionState;
  ctx: ActionContext;
  tagHref: (tag: string) => string;
  onSelect: Dispatch<SelectionAction>;
  onAction: (id: ActionId, item: ItemReply) => void;
  showAd: boolean;
}) {
  const { selection } = props;
  const bulkMode = inBulkMode(selection);

  // j/k move between rows, like the readers people come from
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'j' && event.key !== 'k') return;
    const rows = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-item-row]')];
    const at = rows.indexOf(document.activeElement as HTMLElement);
    const next = rows[event.key === 'j' ? at + 1 : Math.max(0, at - 1)];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  if (props.grid) {
    return (
      <ul className={styles.grid}>
        {props.items.map((item) => (
          <li key={item.link_id} className={styles.gridCard}>
            <Link to={`/user/${encodeURIComponent(props.username)}/b/${item.link_id}`} title={item.title}>
              {item.thumbnail_url ? (
                <img src={item.thumbnail_url} alt="" loading="lazy" />
              ) : (
                <div className={styles.gridBlank} />
              )}
              <span>{cutLabel(item.title, GRID_TITLE_MAX)}</span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: j/k navigation between the focusable rows inside
    <div className={styles.list} onKeyDown={onKeyDown}>
      {props.items.map((item, index) => (
        <Fragment key={item.link_id}>
          {props.showAd && index === AD_POSITION - 1 ? <ListAd /> : null}
          <ItemRow
            item={item}
            username={props.username}
            expanded={props.expanded}
            bulkMode={bulkMode}
            selected={selection.ids.includes(item.link_id)}
            ctx={props.ctx}
            tagHref={props.tagHref}
            onToggleSelect={(e) => {
              if (clickSelects(selection, e)) props.onSelect({ type: 'toggle', id: item.link_id });
            }}
            onAction={props.onAction}
          />
        </Fragment>
      ))}
    </div>
  );
}
