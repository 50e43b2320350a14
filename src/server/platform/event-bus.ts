/**
 * Publish/subscribe between app instances. In-process by default; on PostgreSQL the
 * LISTEN/NOTIFY bus lets several instances share it without another service.
 */
export type BusHandler = (payload: unknown) => void;

export interface EventBus {
  publish(topic: string, payload: unknown): Promise<void>;
  subscribe(topic: string, handler: BusHandler): () => void;
  close(): Promise<void>;
}

export class InProcessEventBus implements EventBus {
  private readonly handlers = new Map<string, Set<BusHandler>>();

  async publish(topic: string, payload: unknown): Promise<void> {
    for (const handler of this.handlers.get(topic) ?? []) handler(payload);
  }

  subscribe(topic: string, handler: BusHandler): () => void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(topic);
    };
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}

/** The topic carrying one user's item changes. */
export const userTopic = (userId: number) => `user:${userId}`;

/** Live item messages (spec part 1 §4): cmd 3 removes the item, any other adds or updates it. */
export const ITEM_CMD = { upsert: 1, remove: 3 } as const;
export interface ItemEvent {
  cmd: number;
  link_id: number;
  item?: unknown;
}
