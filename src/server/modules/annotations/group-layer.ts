import type {
  GroupAddAnnotationInput,
  GroupAnnotation,
  GroupChangeColorInput,
  GroupRemoveAnnotationInput,
  GroupStickyNoteInput,
} from '../../../shared/schemas/groups.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { authorizeAuthored } from '../../policies/annotation.ts';
import { loadAllInGroup } from '../items/access.ts';
import { insertHighlight } from './insert.ts';
import { annotationsByAuthors } from './item-annotations.ts';
import type { GroupAnnotationRow } from './layer-repo.ts';
import * as layerRepo from './layer-repo.ts';
import { presentInLayer, presentLayerAnnotation } from './presenter.ts';

/**
 * What the group scope needs of groups; the groups module provides it (groups/layer-roster.ts), so
 * annotations depend on this interface only.
 */
export interface GroupRoster {
  /** The group as one of its members sees it; undefined when the user is not a member. */
  groupOfMember(ex: Executor, userId: number, groupId: number): Promise<{ gName: string } | undefined>;
  /** The members' names by user id. */
  memberNames(ex: Executor, groupId: number): Promise<Map<number, string>>;
  /** A user's name ('' when there is none): a former member's annotations stay in the layer. */
  userName(ex: Executor, userId: number): Promise<string>;
  /** Tells every member's tabs that the layer of these items changed. */
  layerChanged(groupId: number, gName: string, itemIds: number[]): Promise<void>;
}

export interface GroupLayerDeps {
  db: Db;
  clock: Clock;
  roster: GroupRoster;
}

type Caller = { id: number; name: string };

/**
 * The group scope of annotations, a group's annotation layer (spec part 1 §3: "a group annotation
 * layer, each with its author"): what the sharer highlighted on the item (read-only here; their own
 * annotations are never changed through a group) and the highlights and sticky notes members made
 * in the group, kept in group_annotations. Only members read or write it: every call first finds the
 * item through items/access.ts `loadAllInGroup` (a non-member, or an item no longer shared, is not
 * found); an annotation of the layer is changed only by its author (may-change.ts). Adding goes
 * through the one insert (insert.ts), the replies through the one presenter. Each change reaches
 * every member's tabs.
 */
export class GroupLayerService {
  constructor(private readonly deps: GroupLayerDeps) {}

  /** The layer of these items (already authorized for the group), by item. */
  async layerOf(ex: Executor, groupId: number, itemIds: number[]): Promise<Map<number, GroupAnnotation[]>> {
    const names = await this.deps.roster.memberNames(ex, groupId);
    const own = await annotationsByAuthors(ex, itemIds, [...names.keys()]);
    const made = await layerRepo.layerOfItems(ex, groupId, itemIds);
    const byItem = new Map<number, GroupAnnotation[]>();
    for (const id of itemIds) {
      const list = (own.get(id) ?? []).map(({ authorId, ...a }) =>
        presentInLayer(a, names.get(authorId) ?? '', false),
      );
      byItem.set(id, list);
    }
    for (const row of made) {
      // a former member's annotations stay with the group, named as they were
      const author = names.get(row.userId) ?? (await this.deps.roster.userName(ex, row.userId));
      byItem.get(row.itemId)?.push(presentLayerAnnotation(row, author));
    }
    return byItem;
  }

  async add(user: Caller, data: GroupAddAnnotationInput) {
    const { row, gName } = await this.deps.db.transaction(async (tx) => {
      const [item] = await loadAllInGroup(tx, user, data.group_id, [data.link_id]);
      const group = await this.deps.roster.groupOfMember(tx, user.id, data.group_id);
      const { row } = await insertHighlight(
        tx,
        { kind: 'group', groupId: data.group_id, item: item! },
        user,
        { shape: data.shape, content: data.content, color: data.color, selector: data.selector ?? null },
        this.deps.clock.now(),
      );
      return { row, gName: group!.gName };
    });
    await this.deps.roster.layerChanged(data.group_id, gName, [row.itemId]);
    return { code: 1 as const, annotation: presentLayerAnnotation(row, user.name) };
  }

  async changeColor(user: Caller, { group_id, ann_id, color }: GroupChangeColorInput) {
    return this.change(user, group_id, ann_id, { color });
  }

  /** Sets the annotation's sticky note; '' removes it. */
  async stickyNote(user: Caller, { group_id, ann_id, sContent }: GroupStickyNoteInput) {
    return this.change(user, group_id, ann_id, { note: sContent });
  }

  async remove(user: Caller, { group_id, ann_id }: GroupRemoveAnnotationInput) {
    const { row, gName } = await this.deps.db.transaction(async (tx) => {
      const found = await this.authored(tx, user, group_id, ann_id);
      await layerRepo.deleteAnnotation(tx, ann_id);
      return found;
    });
    await this.deps.roster.layerChanged(group_id, gName, [row.itemId]);
    return { code: 1 as const, ann_id };
  }

  private async change(
    user: Caller,
    groupId: number,
    annId: number,
    values: Partial<Pick<GroupAnnotationRow, 'color' | 'note'>>,
  ) {
    const { row, gName } = await this.deps.db.transaction(async (tx) => {
      const found = await this.authored(tx, user, groupId, annId);
      const row = await layerRepo.updateAnnotation(tx, annId, {
        ...values,
        updatedAt: this.deps.clock.now(),
      });
      return { row, gName: found.gName };
    });
    await this.deps.roster.layerChanged(groupId, gName, [row.itemId]);
    return { code: 1 as const, annotation: presentLayerAnnotation(row, user.name) };
  }

  /**
   * The layer's annotation, locked, when the caller is a member who may read its item (else not
   * found) and may change it (else forbidden: policies/annotation.ts).
   */
  private async authored(tx: Executor, user: Caller, groupId: number, annId: number) {
    const group = await this.deps.roster.groupOfMember(tx, user.id, groupId);
    if (!group) throw new NotFoundError();
    const row = await layerRepo.lockAnnotation(tx, groupId, annId);
    if (!row) throw new NotFoundError();
    await loadAllInGroup(tx, user, groupId, [row.itemId]);
    return { row: authorizeAuthored(user, row), gName: group.gName };
  }
}
