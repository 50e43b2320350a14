import { NOTE_AUTOSAVE_MAX_FAILURES, NOTE_AUTOSAVE_MS } from '../../../shared/limits.ts';

export type AutosaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  /** the last save failed; the changes stay dirty and are tried again */
  | { kind: 'retrying'; failures: number }
  /** more than the allowed failures: no more automatic saves until restart() */
  | { kind: 'stopped'; failures: number };

export interface AutosaveOptions<S> {
  /** the editor's current state */
  read(): S;
  /** saves the state; rejects on failure */
  save(state: S, opts: { keepalive: boolean }): Promise<void>;
  onStatus?(status: AutosaveStatus): void;
  intervalMs?: number;
  maxFailures?: number;
  now?(): Date;
}

/**
 * Note autosave (part 2 §4), free of any framework: every tick it saves when the state differs from
 * the last state saved and no save is running. A failed save leaves the state dirty, so the next tick
 * tries again; after more than `maxFailures` failures in a row it stops. Uploads pause it.
 */
export class AutosaveController<S> {
  private savedKey: string;
  private inFlight: Promise<boolean> | null = null;
  /** the latest save started; an older one finishing does not clear the running flag */
  private runToken: object | null = null;
  private failures = 0;
  private pauses = 0;
  private isStopped = false;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly intervalMs: number;
  private readonly maxFailures: number;

  constructor(
    private readonly opts: AutosaveOptions<S>,
    /** the state the server already has (an untouched note is never saved) */
    baseline: S,
  ) {
    this.savedKey = stateKey(baseline);
    this.intervalMs = opts.intervalMs ?? NOTE_AUTOSAVE_MS;
    this.maxFailures = opts.maxFailures ?? NOTE_AUTOSAVE_MAX_FAILURES;
  }

  start(): void {
    this.timer ??= setInterval(() => this.tick(), this.intervalMs);
  }

  dispose(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  get dirty(): boolean {
    return stateKey(this.opts.read()) !== this.savedKey;
  }

  get saving(): boolean {
    return this.inFlight !== null;
  }

  get stopped(): boolean {
    return this.isStopped;
  }

  get paused(): boolean {
    return this.pauses > 0;
  }

  /** The timer's job: save if changed, not paused, not stopped and no save running. */
  tick(): void {
    if (this.isStopped || this.pauses > 0 || this.inFlight || !this.dirty) return;
    void this.run(false);
  }

  /**
   * Saves now when dirty (Enter in the title, Ctrl+S, leaving the editor, the tab hiding). Waits for
   * a running save first, unless `keepalive` says the page is going away and cannot wait.
   */
  async flush(opts: { keepalive?: boolean } = {}): Promise<boolean> {
    const keepalive = opts.keepalive ?? false;
    if (this.inFlight && !keepalive) await this.inFlight;
    if (!this.dirty) return true;
    return this.run(keepalive);
  }

  /** Pauses the timer (an image upload); call the returned function to resume. Nests. */
  pause(): () => void {
    this.pauses += 1;
    let resumed = false;
    return () => {
      if (resumed) return;
      resumed = true;
      this.pauses -= 1;
    };
  }

  /** After a stop: count failures from zero and save again. */
  restart(): void {
    this.isStopped = false;
    this.failures = 0;
    this.emit({ kind: 'idle' });
    this.tick();
  }

  /** The server has this state now (a save made elsewhere, a restored baseline). */
  markSaved(state: S): void {
    this.savedKey = stateKey(state);
  }

  private run(keepalive: boolean): Promise<boolean> {
    const state = this.opts.read();
    const key = stateKey(state);
    this.emit({ kind: 'saving' });
    const token = {};
    let settled = false;
    this.runToken = token;
    const attempt = (async () => {
      try {
        await this.opts.save(state, { keepalive });
        // what was typed during the save stays dirty: savedKey is the state that was sent
        this.savedKey = key;
        this.failures = 0;
        this.emit({ kind: 'saved', at: this.opts.now?.() ?? new Date() });
        return true;
      } catch {
        this.failures += 1;
        if (this.failures > this.maxFailures) this.isStopped = true;
        this.emit({ kind: this.isStopped ? 'stopped' : 'retrying', failures: this.failures });
        return false;
      } finally {
        settled = true;
        if (this.runToken === token) this.inFlight = null;
      }
    })();
    if (this.runToken === token && !settled) this.inFlight = attempt;
    return attempt;
  }

  private emit(status: AutosaveStatus) {
    this.opts.onStatus?.(status);
  }
}

function stateKey(state: unknown): string {
  return JSON.stringify(state);
}

/** 'Saved at H:MM:SS' (part 2 §4). */
export function savedAtText(at: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `Saved at ${at.getHours()}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

export const AUTOSAVE_STOPPED_TEXT =
  'Autosave stopped after repeated failures. Your text is kept in this browser; try again when you are back online.';

export function statusText(status: AutosaveStatus): string {
  switch (status.kind) {
    case 'idle':
      return '';
    case 'saving':
      return 'Saving...';
    case 'saved':
      return savedAtText(status.at);
    case 'retrying':
      return 'Not saved yet, retrying...';
    case 'stopped':
      return AUTOSAVE_STOPPED_TEXT;
  }
}
