import type { ItemReply } from '../../../shared/schemas/items.ts';
import styles from './Images.module.css';
import { LIST_THUMB, thumbUrl } from './preview.ts';

/** An image's 160 px thumbnail at the start of its library row (spec part 1 §9). */
export function RowThumb({ item }: { item: ItemReply }) {
  if (item.type_name !== 'image' || !item.thumbnail_url) return null;
  return <img src={thumbUrl(item, LIST_THUMB)} alt="" className={styles.rowThumb} loading="lazy" />;
}
