/**
 * Runs work in slices on the main thread so the page stays responsive: `steps` yields after each
 * small unit (one highlight anchored, a few marks drawn), and a slice stops once `budgetMs` has
 * passed, letting the browser lay out, paint and handle input before the next one. Stops, with
 * an AbortError, when `signal` aborts.
 */
export async function runInSlices<T>(
  steps: Generator<unknown, T>,
  signal: AbortSignal,
  budgetMs = 8,
): Promise<T> {
  for (;;) {
    const until = performance.now() + budgetMs;
    for (;;) {
      if (signal.aborted) throw new DOMException('drawing stopped', 'AbortError');
      const step = steps.next();
      if (step.done) return step.value;
      if (performance.now() >= until) break;
    }
    await nextSlice();
  }
}

/** Every step of a generator at once, for callers that need the result now (tests, PDF pages). */
export function runNow<T>(steps: Generator<unknown, T>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

function nextSlice(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 50 });
    else setTimeout(resolve, 0);
  });
}
