import {
  type Dispatch,
  Fragment,
  type KeyboardEvent,
  Suspense,
  startTransition,
  useEffect,
  useState,
} from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { lazyNamed } from '../../lib/lazy.tsx';
import { AD_POSITION, ListAd } from './Ads.tsx';
import type { ActionContext, ActionId } from './actions.ts';
import { ItemRow } from './ItemRow.tsx';
import styles from './Items.module.css';
import type { ListLayout } from './layout.ts';
import { clickSelects, inBulkMode, type SelectionAction, type SelectionState } from './selection.ts';

// the image grid is its own chunk: the list and cards layouts do without it (issue 14, Speed)
const ItemGrid = lazyNamed(() => import('./ItemGrid.tsx'), 'ItemGrid');

/** j/k move focus between the rows' titles, as in the readers people come from. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  if ((event.key !== 'j' && event.key !== 'k') || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target as HTMLElement;
  if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-item-row]')];
  const at = rows.indexOf(document.activeElement as HTMLElement);
  const next = rows[event.key === 'j' ? at + 1 : Math.max(0, at - 1)];
  if (next) {
    event.preventDefault();
    next.focus();
    next.scrollIntoView({ block: 'nearest' });
  }
}

/** More rows than a tall window shows, and a whole page of the default size (24). */
export const FIRST_ROWS = 24;

/**
 * How many rows to render: a long page (48 or 96 items) first renders the rows a window can show,
 * so they paint without waiting for the rest, then the rest in a transition, which React renders in
 * short slices between frames instead of one long task. Later lists render whole.
 */
function useRowsShown(total: number): number {
  const [all, setAll] = useState(total <= FIRST_ROWS);
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  return all ? total : FIRST_ROWS;
}

export function ItemList(props: {
  items: ItemReply[];
  grid: boolean;
  username: string;
  expanded: boolean;
  layout: ListLayout;
  selection: SelectionState;
  ctx: ActionContext;
  tagHref: (tag: string) => string;
  /** the library search, for the rows' annotation lists */
  what?: string;
  /** the library view as a query string, kept on item links for previous/next */
  listQuery: string;
  onSelect: Dispatch<SelectionAction>;
  onAction: (id: ActionId, item: ItemReply) => void;
  /** free plans and visitors: a house ad at list position 3 */
  showAd: boolean;
  /** the previous view's items, shown dimmed while the new ones load */
  stale?: boolean;
}) {
  const { selection } = props;
  const bulkMode = inBulkMode(selection);
  const shown = useRowsShown(props.items.length);
  const toggle = (item: ItemReply, event: { ctrlKey: boolean; metaKey: boolean; onControl: boolean }) => {
    if (clickSelects(selection, event)) props.onSelect({ type: 'toggle', id: item.link_id });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: j/k navigation between the focusable rows inside
    <div
      onKeyDown={moveFocus}
      className={props.stale ? `${styles.listWrap} ${styles.stale}` : styles.listWrap}
    >
      {props.grid ? (
        <Suspense fallback={null}>
          <ItemGrid
            items={props.items}
            username={props.username}
            listQuery={props.listQuery}
            bulkMode={bulkMode}
            selectedIds={selection.ids}
            ctx={props.ctx}
            onToggleSelect={toggle}
            onAction={props.onAction}
          />
        </Suspense>
      ) : (
        <div className={props.layout === 'cards' ? `${styles.list} ${styles.cards}` : styles.list}>
          {props.items.slice(0, shown).map((item, index) => (
            <Fragment key={item.link_id}>
              {props.showAd && index === AD_POSITION - 1 ? <ListAd /> : null}
              <ItemRow
                item={item}
                eagerCover={index < EAGER_COVERS}
                username={props.username}
                expanded={props.expanded}
                layout={props.layout}
                bulkMode={bulkMode}
                selected={selection.ids.includes(item.link_id)}
                ctx={props.ctx}
                tagHref={props.tagHref}
                what={props.what ?? ''}
                listQuery={props.listQuery}
                onToggleSelect={(event) => toggle(item, event)}
                onAction={props.onAction}
              />
            </Fragment>
          ))}
        </div>
      )}
    </div>
  );
}

/** Rows near the top fetch their picture at once: a lazy image above the fold only starts after layout. */
const EAGER_COVERS = 8;
