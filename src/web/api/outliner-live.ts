/**
 * Outliner changes arriving on the live socket (api/live.ts): open editors of that outliner listen
 * here and reload their tree when they have nothing of their own on its way.
 */
type Listener = () => void;
const listeners = new Map<number, Set<Listener>>();

export function onOutlinerChange(outlinerId: number, listener: Listener): () => void {
  let set = listeners.get(outlinerId);
  if (!set) {
    set = new Set();
    listeners.set(outlinerId, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(outlinerId);
  };
}

export function outlinerChanged(outlinerId: number) {
  for (const listener of listeners.get(outlinerId) ?? []) listener();
}
