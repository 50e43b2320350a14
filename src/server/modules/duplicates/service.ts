import type {
  DuplicatesQueryInput,
  DuplicatesReply,
  MergeDuplicatesInput,
} from '../../../shared/schemas/duplicates.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { parseTagInput } from '../../../shared/tags.ts';
import type { Db } from '../../db/client.ts';
import { ValidationError } from '../../platform/errors.ts';
import { ITEM_CMD } from '../../platform/event-bus.ts';
import type { AnnotationsService } from '../annotations/service.ts';
import type { GroupsService } from '../groups/service.ts';
import { loadAll } from '../items/access.ts';
import { bookmarksOfKeys, duplicateKeys } from '../items/duplicates.ts';
import type { ItemsService } from '../items/service.ts';
import type { OutlinersService } from '../outliners/service.ts';
import type { SharingService } from '../sharing/service.ts';
import type { TagsService } from '../tags/service.ts';

export const GROUPS_PAGE = 20;
const DESCRIPTION_MAX = 20_000;

export interface DuplicatesDeps {
  db: Db;
  items: ItemsService;
  tags: TagsService;
  annotations: AnnotationsService;
  outliners: OutlinersService;
  sharing: SharingService;
  groups: GroupsService;
}

/**
 * Duplicates (issue 33): bookmarks of one library that are the same page (items.url_key), and the
 * merge that keeps one: each owning service moves its part (tags, highlights and their sticky notes,
 * outliner entries, share link, group shares) in one transaction; the kept item takes the star and
 * the notes (descriptions) of the others, and the others go to the trash (delete_b's path).
 */
export class DuplicatesService {
  constructor(private readonly deps: DuplicatesDeps) {}

  async list(user: { id: number }, { page }: DuplicatesQueryInput): Promise<DuplicatesReply> {
    const db = this.deps.db;
    const { keys, total } = await duplicateKeys(db, user.id, GROUPS_PAGE, (page - 1) * GROUPS_PAGE);
    const rows = await bookmarksOfKeys(db, user.id, keys);
    const presented = await this.deps.items.present(db, rows, user.id);
    const byKey = new Map<string, ItemReply[]>(keys.map((k) => [k, []]));
    for (const [i, row] of rows.entries()) byKey.get(row.urlKey!)?.push(presented[i]!);
    return { groups: keys.map((url_key) => ({ url_key, items: byKey.get(url_key)! })), total };
  }

  async merge(user: { id: number }, { keep, merge }: MergeDuplicatesInput) {
    if (merge.includes(keep))
      throw new ValidationError('The kept item cannot be merged into itself.', 'merge');
    const { deps } = this;
    const merged = await deps.db.transaction(async (tx) => {
      const [kept, ...others] = await loadAll(tx, user, [keep, ...merge], 'write', { lock: true });
      const target = kept!;
      const names = await deps.tags.tagNamesFor(tx, [keep, ...merge]);
      const tags = [...new Set([keep, ...merge].flatMap((id) => parseTagInput(names.get(id) ?? '')))];
      await deps.tags.setItemTags(tx, user.id, keep, tags);
      await deps.annotations.moveToItem(tx, others, target);
      await deps.outliners.moveItemEntries(tx, others, target);
      await deps.sharing.moveShareLink(tx, others, target);
      await deps.groups.copyShares(tx, others, target);
      const notes = [target, ...others].map((i) => i.description.trim()).filter(Boolean);
      const description = [...new Set(notes)].join('\n\n').slice(0, DESCRIPTION_MAX);
      await deps.items.update(tx, target, {
        description,
        starred: target.starred || others.some((i) => i.starred),
      });
      await deps.items.trashWithin(tx, user, others);
      return others.map((i) => i.id);
    });
    for (const id of merged) await deps.items.publish(user.id, { cmd: ITEM_CMD.remove, link_id: id });
    const [item] = await deps.items.publishUpserts(user.id, [keep]);
    return { code: 1 as const, item: item!, merged };
  }
}
