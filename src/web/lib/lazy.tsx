import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';

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

/**
 * Renders its (lazy) children from the first time `when` holds and keeps them mounted after: a
 * dialog loaded on its first opening then closes and reopens like any other, and gives the focus
 * back to its opener on closing (a dialog unmounted on close would not).
 */
export function OnFirstUse({ when, children }: { when: boolean; children: ReactNode }) {
  const [used, setUsed] = useState(when);
  if (when && !used) setUsed(true);
  return used || when ? <Suspense fallback={null}>{children}</Suspense> : null;
}
