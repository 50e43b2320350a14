import type { Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import * as repo from './repo.ts';

/** Tag bookkeeping other modules call inside their transactions; counts always follow a change. */
export class TagsService {
  constructor(private readonly deps: { clock: Clock }) {}

  /** Gives an item exactly these tags (in this order) and recounts every tag involved. */
  async setItemTags(tx: Executor, userId: number, itemId: number, names: string[]): Promise<void> {
    const before = await repo.tagIdsOfItems(tx, [itemId]);
    const ids = await repo.ensureTags(tx, userId, names);
    const after = names.map((n) => ids.get(n.toLowerCase())!).filter((id) => id !== undefined);
    await repo.replaceItemTags(tx, userId, itemId, [...new Set(after)]);
    await repo.touchTags(tx, after, this.deps.clock.now());
    await repo.recountTags(tx, [...new Set([...before, ...after])]);
  }

  /** Call before a change to these items' privacy or existence; run the returned recount after it. */
  async prepareRecount(tx: Executor, itemIds: number[]): Promise<() => Promise<void>> {
    const tagIds = await repo.tagIdsOfItems(tx, itemIds);
    return () => repo.recountTags(tx, tagIds);
  }

  topTags(ex: Executor, userId: number, publicOnly: boolean, limit: number) {
    return repo.topTags(ex, userId, publicOnly, limit);
  }

  tagCountsForItems(ex: Executor, itemIdsQuery: Parameters<typeof repo.tagCountsForItems>[1], limit: number) {
    return repo.tagCountsForItems(ex, itemIdsQuery, limit);
  }
}
