import { MoreHorizontal } from 'lucide-react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { IconButton } from '../../ui/IconButton.tsx';
import { Menu, MenuItem } from '../../ui/Menu.tsx';
import type { ActionId, ItemAction } from './actions.ts';
import styles from './Items.module.css';

/** Shortcut hints as people read them: Delete stays a word, letters are upper case. */
function keyLabel(shortcut: string): string {
  return shortcut.length === 1 ? shortcut.toUpperCase() : shortcut;
}

/** The item's menu: exactly the actions ITEM_ACTIONS allows for this item and user. */
export function ItemMenu(props: {
  item: ItemReply;
  actions: ItemAction[];
  onAction: (action: ActionId, item: ItemReply) => void;
}) {
  const { item, actions } = props;
  if (actions.length === 0) return null;
  return (
    <Menu
      trigger={
        <IconButton
          className={styles.rowMenu}
          label={`Actions for ${item.title || item.url}`}
          title="Actions"
          icon={<MoreHorizontal size={16} aria-hidden="true" />}
        />
      }
    >
      {actions.map((a) => (
        <MenuItem key={a.id} onSelect={() => props.onAction(a.id, item)}>
          <span className={styles.menuLabel}>{a.label}</span>
          {a.shortcut ? <kbd className={styles.menuKey}>{keyLabel(a.shortcut)}</kbd> : null}
        </MenuItem>
      ))}
    </Menu>
  );
}
