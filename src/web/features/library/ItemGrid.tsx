import { ImageIcon } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { Link } from 'react-router';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { lazyNamed, OnFirstUse } from '../../lib/lazy.tsx';
import { GRID_THUMB, LIBRARY_GRID_TITLE_MAX, rotationStyle, thumbUrl } from '../images/preview.ts';
import { useRotations } from '../images/useRotation.ts';
import { type ActionContext, type ActionId, actionsFor } from './actions.ts';
import { ItemMenu } from './ItemMenu.tsx';
import { CONTROL_SELECTOR, itemHref } from './ItemRow.tsx';
import styles from './Items.module.css';
import { StarToggle } from './StarToggle.tsx';
import { cutLabel } from './text.ts';

// the preview (a Radix dialog) loads when a picture is first opened (issue 14, Speed)
const ImagePreviewModal = lazyNamed(() => import('../images/ImagePreviewModal.tsx'), 'ImagePreviewModal');

/** Grid titles are cut to 15 characters in the library grid (spec part 1 §9). */
export const GRID_TITLE_MAX = LIBRARY_GRID_TITLE_MAX;

type ToggleEvent = { ctrlKey: boolean; metaKey: boolean; onControl: boolean };

/**
 * Images show as a grid of 550 px thumbnails; a thumbnail opens the image preview (previous/next
 * through this page's images), the title opens the item. Selection and menus work as in the list.
 */
export function ItemGrid(props: {
  items: ItemReply[];
  username: string;
  /** the list's query string, kept on item links for previous/next (none outside the library) */
  listQuery?: string;
  bulkMode: boolean;
  selectedIds: number[];
  ctx: ActionContext;
  onToggleSelect: (item: ItemReply, event: ToggleEvent) => void;
  /** without it the cards have no menu */
  onAction?: (id: ActionId, item: ItemReply) => void;
  /** 15 in the library grid, 30 in the item view's grid */
  titleMax?: number;
}) {
  const [previewing, setPreviewing] = useState<number | null>(null);
  const { rotationOf } = useRotations();
  const images = props.items.filter((i) => i.type_name === 'image');
  const titleMax = props.titleMax ?? GRID_TITLE_MAX;
  return (
    <>
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
          const openPreview = (event: MouseEvent) => {
            if (props.bulkMode || event.ctrlKey || event.metaKey) {
              props.onToggleSelect(item, { ctrlKey: true, metaKey: false, onControl: false });
              return;
            }
            const at = images.indexOf(item);
            if (at >= 0) setPreviewing(at);
          };
          const thumb = thumbUrl(item, GRID_THUMB);
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the checkbox selects from the keyboard
            <li
              key={item.link_id}
              className={[styles.gridCard, selected ? styles.gridSelected : ''].join(' ')}
              onClick={onClick}
            >
              <button
                type="button"
                className={styles.gridThumb}
                aria-label={`Preview ${title}`}
                onClick={openPreview}
              >
                {thumb ? (
                  <img src={thumb} alt="" loading="lazy" style={rotationStyle(rotationOf(item))} />
                ) : (
                  <span className={styles.gridBlank}>
                    <ImageIcon size={24} aria-hidden="true" />
                  </span>
                )}
              </button>
              <Link
                to={itemHref(item, props.username, props.listQuery)}
                title={title}
                className={styles.gridLink}
                data-item-row={item.link_id}
              >
                <span className={styles.gridTitle}>{cutLabel(title, titleMax)}</span>
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
                {props.onAction ? (
                  <span className={styles.gridActions}>
                    <StarToggle item={item} onAction={props.onAction} />
                    <ItemMenu item={item} actions={actionsFor(item, props.ctx)} onAction={props.onAction} />
                  </span>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <OnFirstUse when={previewing !== null}>
        <ImagePreviewModal items={images} index={previewing} onIndexChange={setPreviewing} />
      </OnFirstUse>
    </>
  );
}
