import { BookOpen, FileText, Globe, ImageIcon, StickyNote } from 'lucide-react';
import { useState } from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import styles from './Items.module.css';
import { coverUrl, faviconUrl, type ListLayout } from './layout.ts';

const TYPE_ICONS = {
  bookmark: Globe,
  pdf: FileText,
  image: ImageIcon,
  note: StickyNote,
  kindle: BookOpen,
  topic: Globe,
};

/**
 * What an item is at a glance: its cover (a page's stored og:image, a PDF's first page, an image),
 * else its site's icon, else its type's symbol. Decorative: the title says the same in words.
 */
export function ItemCover({
  item,
  layout,
  eager = false,
}: {
  item: ItemReply;
  layout: ListLayout;
  /** above the fold: fetched at once rather than after layout */
  eager?: boolean;
}) {
  const [failed, setFailed] = useState<string[]>([]);
  const cover = layout === 'compact' ? null : coverUrl(item, layout);
  const icon = faviconUrl(item);
  const src = [cover, icon].find((url) => url && !failed.includes(url)) ?? null;
  const TypeIcon = TYPE_ICONS[item.type_name];
  const isCover = src !== null && src === cover;
  return (
    <span
      className={`${styles.cover} ${styles[`cover_${layout}`]} ${isCover ? styles.coverPicture : ''}`}
      aria-hidden="true"
      data-cover={isCover ? 'picture' : src ? 'icon' : 'type'}
    >
      {src ? (
        <img
          key={src}
          src={src}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          className={isCover ? styles.coverImage : styles.coverIcon}
          onError={() => setFailed((f) => [...f, src])}
        />
      ) : (
        <TypeIcon size={layout === 'compact' ? 14 : 20} />
      )}
    </span>
  );
}
