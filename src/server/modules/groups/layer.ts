import type {
  AnnotationSelector,
  AnnotationShape,
  HighlightColor,
} from '../../../shared/schemas/annotations.ts';
import {
  GROUP_MSG,
  type GroupAnnotation,
  type GroupLiveMessage,
  groupAddAnnotationSchema,
  groupChangeColorSchema,
  groupRemoveAnnotationSchema,
  groupStickyNoteSchema,
} from '../../../shared/schemas/groups.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { toSeconds } from '../../platform/clock.ts';
import { ForbiddenError, NotFoundError, parse } from '../../platform/errors.ts';
import type { EventBus } from '../../platform/event-bus.ts';
import { annotationsByAuthors } from '../annotations/item-annotations.ts';
import { annotationMd5 } from '../annotations/presenter.ts';
import { loadAllInGroup } from '../items/access.ts';
import { fanOut } from './fan-out.ts';
import type { GroupAnnotationRow } from './layer-repo.ts';
import * as layerRepo from './layer-repo.ts';
import * as repo from './repo.ts';

export interface GroupLayerDeps {
  db: Db;
  clock: Clock;
  bus: EventBus;
}

type Caller = { id: number; name: string };

function present(row: GroupAnnotationRow, author: string): GroupAnnotation {
  return {
    id: row.id,
    link_id: row.itemId,
    shape: row.shape as AnnotationShape,
    content: row.content,
    ann_md5: row.annMd5,
    extra: { color: row.color as HighlightColor },
    selector: (row.selector as AnnotationSelector | null) ?? null,
    // one sticky note per annotation of the layer: it takes the annotation's id
    stickyNotes: row.note
      ? [{ id: row.id, content: row.note, link_id: row.itemId, ann_id: row.id, sMode: 2 }]
      : [],
    created_at: toSeconds(row.createdAt)!,
    author,
    in_layer: true,
  };
}

/**
 * The group annotation layer (spec part 1 §3: "a group annotation layer, each with its author"):
 * what the sharer highlighted on the item (read-only here; their own annotations are never
 * changed through a group) and the highlights and sticky notes members made in the group, kept in
 * group_annotations. Only members read or write it: every call first finds the item through
 * items/access.ts `loadAllInGroup` (a non-member, or an item no longer shared, is not found); an
 * annotation of the layer is changed only by its author. Each change reaches every member's tabs.
 */
export class GroupLayerService {
  constructor(private readonly deps: GroupLayerDeps) {}

  /** The layer of these items (already authorized for the group), by item. */
  async layerOf(ex: Executor, groupId: number, itemIds: number[]): Promise<Map<number, GroupAnnotation[]>> {
    const members = await repo.membersOf(ex, groupId);
    const names = new Map(members.map((m) => [m.user_id, m.name]));
    const own = await annotationsByAuthors(ex, itemIds, [...names.keys()]);
    const made = await layerRepo.layerOfItems(ex, groupId, itemIds);
    const byItem = new Map<number, GroupAnnotation[]>();
    for (const id of itemIds) {
      const list = (own.get(id) ?? []).map(({ authorId, ...a }) => ({
        ...a,
        author: names.get(authorId) ?? '',
        in_layer: false,
      }));
      byItem.set(id, list);
    }
    for (const row of made) {
      // a former member's annotations stay with the group, named as they were
      byItem
        .get(row.itemId)
        ?.push(present(row, names.get(row.userId) ?? (await this.nameOf(ex, row.userId))));
    }
    return byItem;
  }

  private async nameOf(ex: Executor, userId: number): Promise<string> {
    return (await repo.userName(ex, userId)) ?? '';
  }

  async add(user: Caller, input: unknown) {
    const data = parse(groupAddAnnotationSchema, input);
    const selector = data.selector ?? null;
    const now = this.deps.clock.now();
    const { row, gName } = await this.deps.db.transaction(async (tx) => {
      const [item] = await loadAllInGroup(tx, user, data.group_id, [data.link_id]);
      const group = await repo.findGroup(tx, data.group_id);
      const annMd5 = annotationMd5(item!.id, data.shape, selector, data.content);
      const existing = await layerRepo.findByMd5(tx, data.group_id, user.id, item!.id, annMd5);
      const row =
        existing ??
        (await layerRepo.insertAnnotation(tx, {
          groupId: data.group_id,
          itemId: item!.id,
          userId: user.id,
          shape: data.shape,
          content: data.content,
          annMd5,
          color: data.color,
          selector,
          createdAt: now,
          updatedAt: now,
        }));
      return { row, gName: group!.gName };
    });
    await this.changed(data.group_id, gName, row.itemId);
    return { code: 1 as const, annotation: present(row, user.name) };
  }

  async changeColor(user: Caller, input: unknown) {
    const { group_id, ann_id, color } = parse(groupChangeColorSchema, input);
    return this.change(user, group_id, ann_id, { color });
  }

  /** Sets the annotation's sticky note; '' removes it. */
  async stickyNote(user: Caller, input: unknown) {
    const { group_id, ann_id, sContent } = parse(groupStickyNoteSchema, input);
    return this.change(user, group_id, ann_id, { note: sContent });
  }

  async remove(user: Caller, input: unknown) {
    const { group_id, ann_id } = parse(groupRemoveAnnotationSchema, input);
    const { row, gName } = await this.deps.db.transaction(async (tx) => {
      const found = await this.authored(tx, user, group_id, ann_id);
      await layerRepo.deleteAnnotation(tx, ann_id);
      return found;
    });
    await this.changed(group_id, gName, row.itemId);
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
    await this.changed(groupId, gName, row.itemId);
    return { code: 1 as const, annotation: present(row, user.name) };
  }

  /**
   * The layer's annotation, locked, when the caller is a member who may read its item (else not
   * found) and its author (else forbidden: members see who made it, so its existence is no secret).
   */
  private async authored(tx: Executor, user: Caller, groupId: number, annId: number) {
    const group = await repo.groupForMember(tx, user.id, { id: groupId });
    if (!group) throw new NotFoundError();
    const row = await layerRepo.lockAnnotation(tx, groupId, annId);
    if (!row) throw new NotFoundError();
    await loadAllInGroup(tx, user, groupId, [row.itemId]);
    if (row.userId !== user.id) throw new ForbiddenError(GROUP_MSG.authorOnly);
    return { row, gName: group.g_name };
  }

  private async changed(groupId: number, gName: string, itemId: number) {
    const message: GroupLiveMessage = {
      cmd: 'group',
      group_id: groupId,
      g_name: gName,
      change: 'annotations',
      item_ids: [itemId],
    };
    await fanOut(this.deps.bus, await repo.memberIds(this.deps.db, groupId), message);
  }

  /**
   * The sharer changed their own highlights on these items (annotations module): the members of
   * every group the items are shared to hear of it, as of a change in the layer.
   */
  async ownAnnotationsChanged(itemIds: number[]): Promise<void> {
    const rows = await layerRepo.audienceOfItems(this.deps.db, itemIds);
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
