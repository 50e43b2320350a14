/** Ease-in-out (cubic) progress for t in [0, 1]. */
export function easeInOut(t: number): number {
  const x = Math.min(1, Math.max(0, t));
  return x < 0.5 ? 4 * x * x * x : 1 - (-2 * x + 2) ** 3 / 2;
}

/** Scroll position `elapsed` ms into an animation from `from` to `to` lasting `duration` ms. */
export function scrollAt(from: number, to: number, elapsed: number, duration: number): number {
  if (duration <= 0 || elapsed >= duration) return to;
  return Math.round(from + (to - from) * easeInOut(elapsed / duration));
}

/**
 * Scrolls the window to `top` in exactly `duration` ms (the spec's back-to-top takes 500 ms, which
 * native smooth scrolling does not promise); at once when the user prefers reduced motion.
 */
export function animateScrollTo(top: number, duration: number): void {
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const from = window.scrollY;
  if (reduce || duration <= 0 || from === top) {
    window.scrollTo({ top, behavior: 'instant' });
    return;
  }
  const start = performance.now();
  const step = (now: number) => {
    const elapsed = now - start;
    window.scrollTo({ top: scrollAt(from, top, elapsed, duration), behavior: 'instant' });
    if (elapsed < duration) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
