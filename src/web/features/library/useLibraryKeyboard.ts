import type { ItemReply } from '../../../shared/schemas/items.ts';
import { focusedRowId, moveRowFocus, openRow } from '../keyboard/rows.ts';
import { useKeyboardScope } from '../keyboard/scope.tsx';
import type { AddKind } from './ActionBar.tsx';
import type { ActionId } from './actions.ts';

/**
 * The library lends the shortcuts and the palette its rows: they act on the focused row's item,
 * else on the selection, through the page's own action runner and dialogs.
 */
export function useLibraryKeyboard(opts: {
  items: ItemReply[];
  selectedItems: ItemReply[];
  run: (id: ActionId, items: ItemReply[]) => void;
  add: (kind: AddKind) => void;
}): void {
  useKeyboardScope({
    current: () => {
      const focused = focusedRowId();
      const item = focused === null ? undefined : opts.items.find((i) => i.link_id === focused);
      return item ? [item] : opts.selectedItems;
    },
    run: opts.run,
    move: moveRowFocus,
    open: (item) => {
      openRow(item.link_id);
    },
    add: opts.add,
  });
}
