import { Star } from 'lucide-react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { IconButton } from '../../ui/IconButton.tsx';
import type { ActionId } from './actions.ts';
import styles from './Items.module.css';

/**
 * The star of an owner's item (spec part 1 §5, §6): a pressed toggle running the Star or Unstar
 * action (actions.ts), as the menus, the bulk bar, the `s` key and the palette do.
 */
export function StarToggle(props: {
  item: ItemReply;
  onAction: (action: ActionId, item: ItemReply) => void;
}) {
  const { item } = props;
  if (!item.canEdit) return null;
  const starred = item.starred === 1;
  return (
    <IconButton
      size="xs"
      label={starred ? 'Unstar' : 'Star'}
      aria-pressed={starred}
      className={starred ? styles.starOn : undefined}
      icon={<Star size={14} aria-hidden="true" fill={starred ? 'currentColor' : 'none'} />}
      onClick={() => props.onAction(starred ? 'unstar' : 'star', item)}
    />
  );
}
