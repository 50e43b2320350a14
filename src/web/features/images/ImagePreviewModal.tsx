import { ChevronLeft, ChevronRight, Download, Link2, RotateCcw, RotateCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { ImageStage } from './ImageStage.tsx';
import styles from './Images.module.css';
import { downloadUrl, NO_MORE_HIDE_MS, NO_MORE_PICTURES, step } from './preview.ts';
import { useCopyLink } from './useCopyLink.ts';
import { useRotations } from './useRotation.ts';

/**
 * The image preview (spec part 1 §2, §4): the picture large, rotate left/right (kept), download,
 * copy its link, previous/next through the list it was opened from. At either end 'No more
 * pictures !' shows; going back hides it after 1 s. Arrow keys move, Escape closes.
 */
export function ImagePreviewModal(props: {
  items: ItemReply[];
  /** the open picture's index in items, or null when closed */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}) {
  const { items, index } = props;
  const item = index === null ? undefined : items[index];
  const { rotationOf, turn } = useRotations();
  const copyLink = useCopyLink();
  const [noMore, setNoMore] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearTimer = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = null;
  };
  useEffect(
    () => () => {
      if (hideTimer.current) clearTimeout(hideTimer.current);
    },
    [],
  );

  const move = (delta: -1 | 1) => {
    if (index === null) return;
    const next = step(index, delta, items.length);
    if (next.atEnd) {
      clearTimer();
      setNoMore(true);
      return;
    }
    props.onIndexChange(next.index);
    if (noMore && !hideTimer.current) {
      hideTimer.current = setTimeout(() => {
        hideTimer.current = null;
        setNoMore(false);
      }, NO_MORE_HIDE_MS);
    }
  };
  const moveRef = useRef(move);
  moveRef.current = move;

  const open = item !== undefined;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === 'ArrowLeft') moveRef.current(-1);
      else if (event.key === 'ArrowRight') moveRef.current(1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const close = () => {
    clearTimer();
    setNoMore(false);
    props.onIndexChange(null);
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && close()}
      title={item ? item.title || 'Image' : 'Image'}
      size="lg"
    >
      {item ? (
        <div className={styles.preview}>
          <ImageStage item={item} rotation={rotationOf(item)} />
          {noMore ? (
            <div className={styles.noMore} role="status">
              {NO_MORE_PICTURES}
            </div>
          ) : null}
          <div className={styles.tools} role="toolbar" aria-label="Image tools">
            <Button
              size="sm"
              variant="ghost"
              icon={<ChevronLeft size={16} />}
              onClick={() => move(-1)}
              aria-label="Previous picture"
            />
            <Button
              size="sm"
              variant="ghost"
              icon={<RotateCcw size={16} />}
              onClick={() => turn(item, 'left')}
              aria-label="Rotate left"
              title="Rotate left"
            />
            <Button
              size="sm"
              variant="ghost"
              icon={<RotateCw size={16} />}
              onClick={() => turn(item, 'right')}
              aria-label="Rotate right"
              title="Rotate right"
            />
            <span className={styles.counter} aria-live="polite">
              {(index ?? 0) + 1} / {items.length}
            </span>
            <DownloadLink item={item} />
            <Button
              size="sm"
              variant="ghost"
              icon={<Link2 size={16} />}
              onClick={() => copyLink(item)}
              title="Share: copy the link"
            >
              Copy link
            </Button>
            <Button
              size="sm"
              variant="ghost"
              icon={<ChevronRight size={16} />}
              onClick={() => move(1)}
              aria-label="Next picture"
            />
          </div>
        </div>
      ) : null}
    </Modal>
  );
}

export function DownloadLink({ item }: { item: ItemReply }) {
  const href = downloadUrl(item);
  if (!href) return null;
  return (
    <a href={href} download className={buttonClass('ghost', 'sm')} title="Download">
      <Download size={16} aria-hidden="true" />
      Download
    </a>
  );
}
