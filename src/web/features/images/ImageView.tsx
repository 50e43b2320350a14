import { ArrowLeft, Link2, RotateCcw, RotateCw } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { useItems } from '../../api/items.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { ItemGrid } from '../library/ItemGrid.tsx';
import { listHrefFromSearch } from '../reader/list-context.ts';
import { DownloadLink } from './ImagePreviewModal.tsx';
import { ImageStage } from './ImageStage.tsx';
import styles from './Images.module.css';
import { ITEM_GRID_TITLE_MAX } from './preview.ts';
import { useCopyLink } from './useCopyLink.ts';
import { useRotations } from './useRotation.ts';

/**
 * One image, /user/{name}/b/{link_id}: the picture large with the preview's controls (rotate,
 * download, copy link), then the owner's other images as a grid (titles cut to 30 characters).
 */
export function ImageView({ item, username }: { item: ItemReply; username: string }) {
  const { rotationOf, turn } = useRotations();
  const [search] = useSearchParams();
  const copyLink = useCopyLink();
  const title = item.title || 'Image';
  return (
    <div className={styles.view}>
      <title>{title}</title>
      <div className={styles.tools}>
        <Link
          to={listHrefFromSearch(username, search, 'filter=image')}
          className={buttonClass('ghost', 'sm')}
        >
          <ArrowLeft size={16} aria-hidden="true" />
          Images
        </Link>
        <h1 className={styles.viewTitle}>{title}</h1>
      </div>
      <ImageStage item={item} rotation={rotationOf(item)} tall />
      <div className={styles.tools} role="toolbar" aria-label="Image tools">
        <Button size="sm" variant="ghost" icon={<RotateCcw size={16} />} onClick={() => turn(item, 'left')}>
          Rotate left
        </Button>
        <Button size="sm" variant="ghost" icon={<RotateCw size={16} />} onClick={() => turn(item, 'right')}>
          Rotate right
        </Button>
        <DownloadLink item={item} />
        <Button size="sm" variant="ghost" icon={<Link2 size={16} />} onClick={() => copyLink(item)}>
          Copy link
        </Button>
      </div>
      {item.description ? <p className={styles.viewMeta}>{item.description}</p> : null}
      {item.canEdit ? <MoreImages item={item} username={username} /> : null}
    </div>
  );
}

function MoreImages({ item, username }: { item: ItemReply; username: string }) {
  const list = useItems({ type: 'image', count: '24', username });
  const others = (list.data?.items ?? []).filter((i) => i.link_id !== item.link_id);
  if (others.length === 0) return null;
  return (
    <section aria-label="More images">
      <h2 className={styles.moreTitle}>More images</h2>
      <ItemGrid
        items={others}
        username={username}
        bulkMode={false}
        selectedIds={[]}
        ctx={{ signedIn: true }}
        onToggleSelect={() => undefined}
        titleMax={ITEM_GRID_TITLE_MAX}
      />
    </section>
  );
}
