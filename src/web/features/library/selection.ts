/** Bulk selection (spec part 1 §4): bulk mode is on while anything is selected or Bulk Edit is on. */
export interface SelectionState {
  ids: number[];
  bulkEdit: boolean;
}

export type SelectionAction =
  | { type: 'toggle'; id: number }
  | { type: 'selectAll'; ids: number[] }
  | { type: 'clear' }
  | { type: 'bulkEdit'; on: boolean }
  | { type: 'keep'; ids: number[] };

export const EMPTY_SELECTION: SelectionState = { ids: [], bulkEdit: false };

export function selectionReducer(state: SelectionState, action: SelectionAction): SelectionState {
  switch (action.type) {
    case 'toggle':
      return {
        ...state,
        ids: state.ids.includes(action.id)
          ? state.ids.filter((i) => i !== action.id)
          : [...state.ids, action.id],
      };
    case 'selectAll':
      return { ...state, ids: [...action.ids] };
    case 'clear':
      return EMPTY_SELECTION;
    case 'bulkEdit':
      return action.on ? { ...state, bulkEdit: true } : EMPTY_SELECTION;
    case 'keep':
      // items that left the page (deleted, filtered away) leave the selection too
      return { ...state, ids: state.ids.filter((id) => action.ids.includes(id)) };
  }
}

export function inBulkMode(state: SelectionState): boolean {
  return state.bulkEdit || state.ids.length > 0;
}

/**
 * Ctrl/meta-click selects an item only outside bulk mode and not on a link or control (spec part 1 §5);
 * in bulk mode a plain click on the row toggles it.
 */
export function clickSelects(
  state: SelectionState,
  event: { ctrlKey: boolean; metaKey: boolean; onControl: boolean },
): boolean {
  if (event.onControl) return false;
  if (inBulkMode(state)) return true;
  return event.ctrlKey || event.metaKey;
}
