import { useEffect, useReducer } from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { EMPTY_SELECTION, inBulkMode, selectionReducer } from './selection.ts';

/**
 * The bulk selection of the shown page: items that leave the page leave the selection, and Escape
 * ends bulk mode (unless a dialog or menu is open and takes the Escape itself).
 */
export function useSelection(items: ItemReply[]) {
  const [selection, select] = useReducer(selectionReducer, EMPTY_SELECTION);
  const ids = items.map((i) => i.link_id).join(',');
  useEffect(() => select({ type: 'keep', ids: ids ? ids.split(',').map(Number) : [] }), [ids]);

  const bulkMode = inBulkMode(selection);
  useEffect(() => {
    if (!bulkMode) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (document.querySelector('[role="dialog"], [role="menu"]')) return;
      select({ type: 'clear' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [bulkMode]);

  const selectedItems = items.filter((i) => selection.ids.includes(i.link_id));
  return { selection, select, bulkMode, selectedItems };
}
