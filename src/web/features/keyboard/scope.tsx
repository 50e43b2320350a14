import { createContext, type RefObject, useContext, useEffect, useRef } from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import type { AddKind } from '../library/ActionBar.tsx';
import type { ActionId } from '../library/actions.ts';

/**
 * What the page on screen lends the shortcuts and the palette. A page registers one while mounted
 * (`useKeyboardScope`); the newest one wins. Every part is optional: without `run` the keyboard
 * host runs item actions with its own dialogs, without `move` j/k do nothing.
 */
export interface KeyboardScope {
  /** the items commands act on: the focused row's, else the selection, else the item shown */
  current(): ItemReply[];
  run?(id: ActionId, items: ItemReply[]): void;
  move?(step: 1 | -1): void;
  open?(item: ItemReply): void;
  add?(kind: AddKind): void;
  /** after the host's Delete dialog removed the current items (an item page leaves for the library) */
  afterDelete?(): void;
}

type Register = (scope: RefObject<KeyboardScope>) => () => void;

export const KeyboardScopeContext = createContext<Register | null>(null);

/**
 * Lends the page's scope to the shortcuts while the page is mounted (and `enabled`: a page may leave
 * it to a view inside it that lends its own); the latest closures are used.
 */
export function useKeyboardScope(scope: KeyboardScope, enabled = true): void {
  const ref = useRef(scope);
  const register = useContext(KeyboardScopeContext);
  useEffect(() => {
    ref.current = scope;
  });
  useEffect(() => (enabled ? register?.(ref) : undefined), [register, enabled]);
}
