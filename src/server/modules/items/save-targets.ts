import type { SaveBookmarkInput } from '../../../shared/schemas/items.ts';
import type { GroupsService } from '../groups/service.ts';
import type { Caller as OutlinerCaller, OutlinersService } from '../outliners/service.ts';
import type { SaveWithin } from './service.ts';

/** The modules a saved bookmark is placed in (spec part 1 §3: the save payload's lists and groups). */
export interface SaveTargets {
  outliners: Pick<OutlinersService, 'addItemsWithin' | 'announceAdded'>;
  groups: Pick<GroupsService, 'shareWithin' | 'announceShared'>;
}

/**
 * The save form's `lists` (outliners the item is added to) and `groups` (groups it is shared to),
 * written in the save's transaction: an outliner or group that is not the user's refuses the save
 * (400 naming the field) and nothing is written.
 */
export function placeSaved(
  targets: SaveTargets,
  caller: OutlinerCaller,
  data: Pick<SaveBookmarkInput, 'lists' | 'groups'>,
): SaveWithin | undefined {
  if (data.lists.length === 0 && data.groups.length === 0) return undefined;
  return async (tx, item) => {
    const added: Awaited<ReturnType<SaveTargets['outliners']['addItemsWithin']>>[] = [];
    for (const listId of data.lists)
      added.push(await targets.outliners.addItemsWithin(tx, caller, listId, [item.id], 'lists'));
    const shares = await targets.groups.shareWithin(tx, caller.user, data.groups, [item.id], 'groups');
    return async () => {
      for (const one of added) await targets.outliners.announceAdded(caller, one);
      await targets.groups.announceShared(shares);
    };
  };
}
