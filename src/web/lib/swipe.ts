import { type RefObject, useEffect, useRef } from 'react';

/** How far a finger travels sideways before a swipe counts, in CSS pixels. */
export const SWIPE_MIN = 80;

export type Swipe = 'left' | 'right' | 'down' | null;

/**
 * A finished touch's movement as a gesture: sideways when it went at least SWIPE_MIN across and
 * at most half as far up or down (a scroll is not a swipe); down when it went SWIPE_MIN down and
 * little across (pull to refresh).
 */
export function swipeOf(dx: number, dy: number): Swipe {
  if (Math.abs(dx) >= SWIPE_MIN && Math.abs(dy) <= Math.abs(dx) / 2) return dx < 0 ? 'left' : 'right';
  if (dy >= SWIPE_MIN && Math.abs(dx) <= dy / 2) return 'down';
  return null;
}

/**
 * Calls `on(swipe)` for a one-finger swipe on the element (touch screens only: a mouse drag selects
 * text as before). A touch that starts in a field, or while text is selected, is not a swipe.
 * `onMove` follows a sideways finger, so the element can slide with it.
 */
export function useSwipe(
  ref: RefObject<HTMLElement | null>,
  on: (swipe: Exclude<Swipe, null>) => void,
  onMove?: (dx: number) => void,
) {
  const handlers = useRef({ on, onMove });
  handlers.current = { on, onMove };
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let start: { x: number; y: number } | null = null;
    const begin = (event: TouchEvent) => {
      const target = event.target as HTMLElement;
      const selecting = Boolean(getSelection()?.toString());
      start =
        event.touches.length === 1 &&
        !selecting &&
        !target.closest('input, textarea, select, [contenteditable]')
          ? { x: event.touches[0]!.clientX, y: event.touches[0]!.clientY }
          : null;
    };
    const move = (event: TouchEvent) => {
      if (!start) return;
      const dx = event.touches[0]!.clientX - start.x;
      const dy = event.touches[0]!.clientY - start.y;
      if (Math.abs(dx) > Math.abs(dy)) handlers.current.onMove?.(dx);
    };
    const end = (event: TouchEvent) => {
      if (!start) return;
      const touch = event.changedTouches[0]!;
      const swipe = swipeOf(touch.clientX - start.x, touch.clientY - start.y);
      start = null;
      handlers.current.onMove?.(0);
      if (swipe) handlers.current.on(swipe);
    };
    el.addEventListener('touchstart', begin, { passive: true });
    el.addEventListener('touchmove', move, { passive: true });
    el.addEventListener('touchend', end);
    el.addEventListener('touchcancel', end);
    return () => {
      el.removeEventListener('touchstart', begin);
      el.removeEventListener('touchmove', move);
      el.removeEventListener('touchend', end);
      el.removeEventListener('touchcancel', end);
    };
  }, [ref]);
}
