/**
 * Global keyboard shortcuts: which key (or two-key sequence) means which command, and when keys
 * belong to the user's typing instead. Pure, so the rules are tested without a browser.
 */
export type ShortcutCommand =
  | 'next'
  | 'previous'
  | 'open'
  | 'edit'
  | 'tags'
  | 'markRead'
  | 'goLibrary'
  | 'goTags'
  | 'help'
  | 'palette';

export interface Shortcut {
  /** as shown in the help dialog, one entry per key to press in turn ('+' joins a chord) */
  keys: string[];
  label: string;
}

/**
 * The help dialog's list, in its order; `readShortcut` below is what the global keys do, and the
 * library rows answer a, x and Delete themselves (features/library/ItemRow.tsx, actions.ts).
 */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['Ctrl+K'], label: 'Open the command palette (⌘K on a Mac)' },
  { keys: ['j'], label: 'Next item' },
  { keys: ['k'], label: 'Previous item' },
  { keys: ['o'], label: 'Open the item (on an item page: its original page)' },
  { keys: ['e'], label: 'Edit the item' },
  { keys: ['t'], label: 'Revise the tags of the item or the selection' },
  { keys: ['m'], label: 'Mark as read, or as unread when it is read' },
  { keys: ['a'], label: 'Add the item to an outliner' },
  { keys: ['s'], label: 'Star or unstar the item' },
  { keys: ['x'], label: 'Select the item (bulk edit)' },
  { keys: ['Delete'], label: 'Delete the item' },
  { keys: ['g', 'l'], label: 'Go to the library' },
  { keys: ['g', 't'], label: 'Go to the tags' },
  { keys: ['?'], label: 'Show these shortcuts' },
];

/** The second key of a `g` sequence must follow within this time. */
export const SEQUENCE_MS = 1500;

/** The part of a KeyboardEvent the rules read. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** event.timeStamp: ms, only compared with an earlier press */
  timeStamp: number;
}

/** A pending `g`, remembered by when it was pressed. */
export interface SequenceState {
  pendingSince: number | null;
}

export const NO_SEQUENCE: SequenceState = { pendingSince: null };

const SINGLE: Record<string, ShortcutCommand> = {
  j: 'next',
  k: 'previous',
  o: 'open',
  e: 'edit',
  t: 'tags',
  m: 'markRead',
  '?': 'help',
};

const AFTER_G: Record<string, ShortcutCommand> = { l: 'goLibrary', t: 'goTags' };

/**
 * The command a key press means, and the sequence state after it. The palette key (Ctrl/⌘+K) is
 * the only one with a modifier; every other key with Ctrl, ⌘ or Alt is the browser's or the page's.
 */
export function readShortcut(
  state: SequenceState,
  press: KeyPress,
): { command: ShortcutCommand | null; state: SequenceState } {
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if ((press.ctrlKey || press.metaKey) && !press.altKey && key === 'k') {
    return { command: 'palette', state: NO_SEQUENCE };
  }
  if (press.ctrlKey || press.metaKey || press.altKey) return { command: null, state: NO_SEQUENCE };
  // '?' is Shift+/ on most layouts; an upper-case letter is Shift too and means nothing here
  if (press.key.length === 1 && press.key !== key && press.key !== '?') {
    return { command: null, state: NO_SEQUENCE };
  }
  const pending = state.pendingSince !== null && press.timeStamp - state.pendingSince <= SEQUENCE_MS;
  if (pending) return { command: AFTER_G[key] ?? null, state: NO_SEQUENCE };
  if (key === 'g') return { command: null, state: { pendingSince: press.timeStamp } };
  return { command: SINGLE[press.key] ?? null, state: NO_SEQUENCE };
}

/** Keys typed here are text: inputs, text areas, selects and rich-text editors. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  return Boolean(
    el.closest(
      'input:not([type="checkbox"], [type="radio"], [type="button"], [type="submit"]), textarea, select, [contenteditable=""], [contenteditable="true"], [role="textbox"], [role="combobox"]',
    ),
  );
}

/** Inside a rich-text editor Ctrl/⌘+K is the editor's own (insert a link), so the palette waits. */
export function isEditorTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  return el.isContentEditable || Boolean(el.closest('[contenteditable=""], [contenteditable="true"]'));
}
