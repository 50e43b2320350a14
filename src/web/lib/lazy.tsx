import {
  type ComponentType,
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useState,
} from 'react';
import { openerOf } from '../ui/opener.ts';

/**
 * A named export as a lazily loaded component: its module (and what only it imports, such as Radix
 * Dialog or zod) leaves the first load and arrives when the component first renders (issue 14, Speed).
 */
// biome-ignore lint/suspicious/noExplicitAny: any component's props, as React.lazy itself takes them
export function lazyNamed<M extends { [key in K]: ComponentType<any> }, K extends string>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const FirstOpener = createContext<HTMLElement | null>(null);

/**
 * The element that had the focus when an OnFirstUse dialog was first asked for. By the time its
 * code has loaded and it mounts already open, the focus has moved on (to <body> as the menu that
 * opened it closed, or into the dialog itself), so the dialog cannot find its opener then.
 */
export function useFirstOpener(): HTMLElement | null {
  return useContext(FirstOpener);
}

/**
 * Renders its (lazy) children from the first time `when` holds and keeps them mounted after: a
 * dialog loaded on its first opening then closes and reopens like any other, and gives the focus
 * back to its opener on closing (a dialog unmounted on close would not).
 */
export function OnFirstUse({ when, children }: { when: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(when);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  if (when && !used) {
    setUsed(true);
    // read while rendering the opening event's update, before any effect moves the focus
    setOpener(openerOf(document.activeElement));
  }
  return used || when ? (
    <FirstOpener value={opener}>
      <Suspense fallback={null}>{children}</Suspense>
    </FirstOpener>
  ) : null;
}
