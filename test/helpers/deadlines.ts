/**
 * Fetch deadlines a test fires by hand (Fetcher's `deadline` option): a slow page times out when
 * the test says so, not after a wall-clock wait that a busy machine can overrun either way.
 */
export class ManualDeadlines {
  private readonly pending = new Set<AbortController>();

  readonly signal = (_timeoutMs: number): AbortSignal => {
    const controller = new AbortController();
    this.pending.add(controller);
    return controller.signal;
  };

  /** Ends every fetch started so far, as its timeout would. */
  expire(): void {
    for (const controller of this.pending) {
      controller.abort(new DOMException('The operation timed out.', 'TimeoutError'));
    }
    this.pending.clear();
  }
}
