import type { GroupLiveMessage } from '../../../shared/schemas/groups.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { EventBus } from '../../platform/event-bus.ts';
import type { GroupRoster } from '../annotations/group-layer.ts';
import { fanOut } from './fan-out.ts';
import * as repo from './repo.ts';

/**
 * What the annotations module's group scope (a group's annotation layer) asks of groups: membership,
 * members' names, and the live message {cmd: 'group', change: 'annotations'} to every member's tabs.
 */
export class GroupLayerRoster implements GroupRoster {
  constructor(private readonly deps: { db: Db; bus: EventBus }) {}

  async groupOfMember(ex: Executor, userId: number, groupId: number) {
    const group = await repo.groupForMember(ex, userId, { id: groupId });
    return group && { gName: group.g_name };
  }

  async memberNames(ex: Executor, groupId: number) {
    const members = await repo.membersOf(ex, groupId);
    return new Map(members.map((m) => [m.user_id, m.name]));
  }

  async userName(ex: Executor, userId: number) {
    return (await repo.userName(ex, userId)) ?? '';
  }

  async layerChanged(groupId: number, gName: string, itemIds: number[]) {
    const message: GroupLiveMessage = {
      cmd: 'group',
      group_id: groupId,
      g_name: gName,
      change: 'annotations',
      item_ids: itemIds,
    };
    await fanOut(this.deps.bus, await repo.memberIds(this.deps.db, groupId), message);
  }

  /**
   * The sharer changed their own highlights on these items (annotations module): the members of
   * every group the items are shared to hear of it, as of a change in the layer.
   */
  async ownAnnotationsChanged(itemIds: number[]): Promise<void> {
    const rows = await repo.audienceOfItems(this.deps.db, itemIds);
    const byGroup = new Map<number, { gName: string; items: Set<number>; users: Set<number> }>();
    for (const r of rows) {
      const entry = byGroup.get(r.groupId) ?? { gName: r.gName, items: new Set(), users: new Set() };
      byGroup.set(r.groupId, entry);
      entry.items.add(r.itemId);
      entry.users.add(r.userId);
    }
    await Promise.all(
      [...byGroup].map(([groupId, e]) =>
        fanOut(this.deps.bus, e.users, {
          cmd: 'group',
          group_id: groupId,
          g_name: e.gName,
          change: 'annotations',
          item_ids: [...e.items],
        } satisfies GroupLiveMessage),
      ),
    );
  }
}
