import { cleanTagName } from './tags-page.ts';

/** Tag inline editing (part 1 §4): view, editing, submitting. */
export type InlineEditState =
  | { mode: 'view' }
  | { mode: 'editing'; draft: string }
  | { mode: 'submitting'; draft: string };

export type InlineEditAction =
  | { type: 'edit'; name: string }
  | { type: 'change'; draft: string }
  | { type: 'cancel' }
  | { type: 'submit' }
  | { type: 'succeeded' }
  | { type: 'failed' };

export const initialInlineEdit: InlineEditState = { mode: 'view' };

/** Steps that do not fit the current state are ignored, e.g. a second Enter while submitting. */
export function inlineEditReducer(state: InlineEditState, action: InlineEditAction): InlineEditState {
  switch (action.type) {
    case 'edit':
      return state.mode === 'view' ? { mode: 'editing', draft: action.name } : state;
    case 'change':
      return state.mode === 'editing' ? { mode: 'editing', draft: action.draft } : state;
    case 'cancel':
      // a request in flight cannot be taken back, so Escape waits for its answer
      return state.mode === 'editing' ? { mode: 'view' } : state;
    case 'submit':
      return state.mode === 'editing' ? { mode: 'submitting', draft: state.draft } : state;
    case 'succeeded':
      return state.mode === 'submitting' ? { mode: 'view' } : state;
    case 'failed':
      // back to editing with the text kept, so the user can fix it or press Escape
      return state.mode === 'submitting' ? { mode: 'editing', draft: state.draft } : state;
  }
}

export type InlineSubmitIntent = { kind: 'none' } | { kind: 'rename'; to: string } | { kind: 'delete' };

/** What a submitted draft asks for: nothing when unchanged, delete when empty, else a rename. */
export function inlineSubmitIntent(oldName: string, draft: string): InlineSubmitIntent {
  const to = cleanTagName(draft);
  if (to === '') return { kind: 'delete' };
  if (to === oldName) return { kind: 'none' };
  return { kind: 'rename', to };
}
