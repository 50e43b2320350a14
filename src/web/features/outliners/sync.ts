import type { OutlinerEntry } from '../../api/outliners.ts';
import type { EntryId, Place } from './tree.ts';

/*
 * Autosave of the tree editor: every change is applied on screen at once and queued here; the queue
 * sends the calls one at a time, in order, so an entry created a moment ago already has its server
 * id when the next call names it. Text is sent after a short pause in typing, the latest text only.
 */

export interface SyncCalls {
  create(body: {
    parent_id: number | null;
    after_id: number | null;
    text?: string;
    note?: string;
  }): Promise<OutlinerEntry>;
  edit(
    entryId: number,
    body: Partial<{
      text: string;
      note: string;
      collapsed: boolean;
      parent_id: number | null;
      after_id: number | null;
    }>,
  ): Promise<unknown>;
  remove(entryId: number): Promise<unknown>;
}

export type SyncStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'failed' };

type Op =
  | { kind: 'create'; id: EntryId; place: Place; text: string }
  | { kind: 'edit'; id: EntryId; patch: { text?: string; note?: string; collapsed?: boolean } }
  | { kind: 'move'; id: EntryId; place: Place }
  | { kind: 'remove'; id: EntryId };

export interface SyncOptions {
  calls: SyncCalls;
  onStatus(status: SyncStatus): void;
  /** a call failed: the editor reloads the tree from the server */
  onFailure(): void;
  /** a temporary id got its server id */
  onCreated(tempId: EntryId, entry: OutlinerEntry): void;
  /** pause in typing before text is sent */
  textDelayMs?: number;
  now?: () => Date;
}

export class OutlinerSync {
  private readonly queue: Op[] = [];
  private running = false;
  private readonly ids = new Map<EntryId, number>();
  private readonly pendingText = new Map<EntryId, { text?: string; note?: string }>();
  private textTimer: ReturnType<typeof setTimeout> | null = null;
  private failed = false;
  private drainWaiters: (() => void)[] = [];

  constructor(private readonly opts: SyncOptions) {}

  /** True while anything is waiting or on its way: a reload from the server would lose it. */
  get busy(): boolean {
    return this.running || this.queue.length > 0 || this.pendingText.size > 0;
  }

  // a change of structure sends the text typed before it first, so the server sees them in order
  create(id: EntryId, place: Place, text = '') {
    this.flushAllText();
    this.push({ kind: 'create', id, place, text });
  }
  move(id: EntryId, place: Place) {
    this.flushAllText();
    this.push({ kind: 'move', id, place });
  }
  collapse(id: EntryId, collapsed: boolean) {
    this.flushAllText();
    this.push({ kind: 'edit', id, patch: { collapsed } });
  }
  remove(id: EntryId) {
    this.pendingText.delete(id);
    this.flushAllText();
    this.push({ kind: 'remove', id });
  }
  /** text or note typed: sent after the pause, or at once by flush() */
  type(id: EntryId, patch: { text?: string; note?: string }) {
    this.pendingText.set(id, { ...this.pendingText.get(id), ...patch });
    this.opts.onStatus({ kind: 'saving' });
    if (this.textTimer !== null) clearTimeout(this.textTimer);
    this.textTimer = setTimeout(() => this.flush(), this.opts.textDelayMs ?? 400);
  }
  /** sends all typed text now (blur, leaving the page) */
  flush() {
    this.flushAllText();
    this.settle();
  }

  /** Resolves once nothing is waiting (tests, leaving the page). */
  drained(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.drainWaiters.push(resolve));
  }

  dispose() {
    this.flush();
  }

  private flushAllText() {
    if (this.textTimer !== null) clearTimeout(this.textTimer);
    this.textTimer = null;
    for (const id of [...this.pendingText.keys()]) this.flushText(id);
  }

  private flushText(id: EntryId) {
    const patch = this.pendingText.get(id);
    if (!patch) return;
    this.pendingText.delete(id);
    this.push({ kind: 'edit', id, patch });
  }

  private push(op: Op) {
    this.queue.push(op);
    this.opts.onStatus({ kind: 'saving' });
    void this.run();
  }

  private real(id: EntryId | null): number | null {
    if (id === null) return null;
    if (typeof id === 'number') return id;
    const known = this.ids.get(id);
    if (known === undefined) throw new Error(`entry ${id} was never created`);
    return known;
  }

  private async send(op: Op) {
    const { calls } = this.opts;
    switch (op.kind) {
      case 'create': {
        const entry = await calls.create({
          parent_id: this.real(op.place.parentId),
          after_id: this.real(op.place.afterId),
          ...(op.text ? { text: op.text } : {}),
        });
        this.ids.set(op.id, entry.id);
        this.opts.onCreated(op.id, entry);
        return;
      }
      case 'edit':
        return calls.edit(this.real(op.id)!, op.patch);
      case 'move':
        return calls.edit(this.real(op.id)!, {
          parent_id: this.real(op.place.parentId),
          after_id: this.real(op.place.afterId),
        });
      case 'remove':
        return calls.remove(this.real(op.id)!);
    }
  }

  private async run() {
    if (this.running) return;
    this.running = true;
    while (this.queue.length > 0) {
      const op = this.queue.shift()!;
      try {
        await this.send(op);
      } catch {
        // the server and the screen may now differ: drop what depends on it and reload
        this.queue.length = 0;
        this.pendingText.clear();
        this.failed = true;
        this.opts.onStatus({ kind: 'failed' });
        this.opts.onFailure();
      }
    }
    this.running = false;
    this.settle();
  }

  private settle() {
    if (this.busy) return;
    if (!this.failed) this.opts.onStatus({ kind: 'saved', at: (this.opts.now ?? (() => new Date()))() });
    this.failed = false;
    const waiters = this.drainWaiters;
    this.drainWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
