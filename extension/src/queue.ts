import { Refused, Unreachable } from './api.ts';
import type { KeyValue } from './storage.ts';

/**
 * Highlights made while Folio cannot be reached wait here (chrome.storage, so they outlive the
 * service worker and the browser) and are sent, in the order they were made, once Folio answers.
 * One Folio refuses (a quota, a page it will not save) is kept as failed, for the badge to say so.
 */

export interface QueuedHighlight {
  id: string;
  /** the page's address (pageUrl): its item is found, or the page saved, when it is sent */
  url: string;
  title: string;
  color: string;
  content: string;
  selector: unknown;
  note?: string | undefined;
  state: 'waiting' | 'failed';
  error?: string;
}

export type NewHighlight = Omit<QueuedHighlight, 'id' | 'state' | 'error'>;

const KEY = 'queue';

export interface QueueCounts {
  waiting: number;
  failed: number;
}

export class OfflineQueue {
  private flushing: Promise<QueueCounts> | null = null;

  constructor(
    private readonly store: KeyValue,
    private readonly newId: () => string = () => crypto.randomUUID(),
  ) {}

  async all(): Promise<QueuedHighlight[]> {
    return (await this.store.get<QueuedHighlight[]>(KEY)) ?? [];
  }

  async add(highlight: NewHighlight): Promise<QueuedHighlight> {
    const entry: QueuedHighlight = { ...highlight, id: this.newId(), state: 'waiting' };
    await this.store.set(KEY, [...(await this.all()), entry]);
    return entry;
  }

  async counts(): Promise<QueueCounts> {
    const all = await this.all();
    return {
      waiting: all.filter((h) => h.state === 'waiting').length,
      failed: all.filter((h) => h.state === 'failed').length,
    };
  }

  /** Forgets the failed ones (the user saw them on the badge and in the side panel). */
  async clearFailed(): Promise<void> {
    await this.store.set(
      KEY,
      (await this.all()).filter((h) => h.state !== 'failed'),
    );
  }

  /**
   * Sends the waiting highlights in order. The first one Folio does not answer stops the round
   * (the rest would not reach it either); a refusal marks that one failed and goes on. One round
   * at a time: a second call waits for the running one.
   */
  flush(send: (h: QueuedHighlight) => Promise<void>): Promise<QueueCounts> {
    this.flushing ??= this.round(send).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async round(send: (h: QueuedHighlight) => Promise<void>): Promise<QueueCounts> {
    for (const entry of await this.all()) {
      if (entry.state !== 'waiting') continue;
      try {
        await send(entry);
        await this.update(entry.id, null);
      } catch (err) {
        if (err instanceof Unreachable) break;
        const error = err instanceof Refused ? err.message : 'The highlight could not be saved.';
        await this.update(entry.id, { ...entry, state: 'failed', error });
      }
    }
    return this.counts();
  }

  /** Replaces (or with null removes) one entry, re-reading the list: add() may have run meanwhile. */
  private async update(id: string, next: QueuedHighlight | null): Promise<void> {
    const all = await this.all();
    const updated = all.flatMap((h) => (h.id !== id ? [h] : next ? [next] : []));
    await this.store.set(KEY, updated);
  }
}
