import {
  type AddAnnotationData,
  type AddAnnotationReply,
  type AnnotationReply,
  type ChangeAnnotationColorInput,
  type ChangeAnnotationColorReply,
  type EditStickyNoteInput,
  type ListAnnotationsInput,
  type ListAnnotationsReply,
  type PostStickyNoteInput,
  QUOTA_SHAPES,
  type RemoveAnnotationInput,
  type RemoveAnnotationReply,
  type RemoveStickyNoteInput,
  type RemoveStickyNoteReply,
  type StickyNoteChangeReply,
} from '../../../shared/schemas/annotations.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { mayChangeAnnotation } from '../../policies/annotation.ts';
import type { Authorized } from '../../policies/authorized.ts';
import type { AccountsService, PlanHolder } from '../accounts/service.ts';
import { loadForRead, loadForWrite } from '../items/access.ts';
import type { ItemRow } from '../items/row.ts';
import type { ItemsService } from '../items/service.ts';
import type { WebhookEvents } from '../webhooks/events.ts';
import { insertHighlight } from './insert.ts';
import { annotationPage, type OwnHighlightsFilter, ownHighlights } from './item-annotations.ts';
import { presentAnnotation, presentStickyNote } from './presenter.ts';
import * as repo from './repo.ts';

export interface AnnotationsDeps {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  items: ItemsService;
  /** annotation.created / updated / deleted for the item's owner, queued in the change's transaction */
  webhooks: WebhookEvents;
  /** told after the item's annotations changed (groups: members of groups it is shared to hear of it) */
  onChanged?: (itemIds: number[]) => Promise<void>;
}

const takesQuota = (shape: number) => (QUOTA_SHAPES as readonly number[]).includes(shape);

/**
 * Highlights, float notes and their sticky notes (spec part 1 §3, §7): the own scope of
 * annotations, an item's own (a group's layer is the group scope, group-layer.ts). Whoever may change the item
 * (items/access.ts) may change its annotations: every write first loads the item for writing, and
 * finds the annotation only on that item, so another user's ids are "not found". A change does not
 * touch the item's updated time (it would reorder the library under the reader) but sends the item
 * to the owner's open tabs.
 */
export class AnnotationsService {
  constructor(private readonly deps: AnnotationsDeps) {}

  /** Adds a highlight; the same one again returns the existing row and takes no quota. */
  async add(user: PlanHolder, data: AddAnnotationData): Promise<AddAnnotationReply> {
    const now = this.deps.clock.now();
    const result = await this.deps.db.transaction(async (tx) => {
      // locked: the item's annotation count is kept from the rows
      const item = await loadForWrite(tx, user, data.link_id, { lock: true });
      const { row, created } = await insertHighlight(
        tx,
        { kind: 'own', item },
        user,
        { shape: data.shape, content: data.content, color: data.color, selector: data.selector ?? null },
        now,
      );
      if (!created) {
        const sticky = await repo.stickyNotesOf(tx, [row.id]);
        const count = await this.recount(tx, item);
        return { annotation: presentAnnotation(row, sticky), created: false, count };
      }
      if (takesQuota(data.shape)) await this.deps.accounts.reserveUsage(tx, user, 'annotation');
      const count = await this.recount(tx, item);
      const annotation = presentAnnotation(row, []);
      await this.deps.webhooks.emit(tx, item.userId, 'annotation.created', annotation);
      return { annotation, created: true, count };
    });
    if (result.created) await this.published(user.id, [data.link_id]);
    return {
      code: 1,
      annotation: result.annotation,
      created: result.created,
      annotation_count: result.count,
    };
  }

  async changeColor(
    user: { id: number },
    { ann_id, link_id, color }: ChangeAnnotationColorInput,
  ): Promise<ChangeAnnotationColorReply> {
    const annotation = await this.deps.db.transaction(async (tx) => {
      const item = await loadForWrite(tx, user, link_id);
      const row = await this.lockAnnotation(tx, user, item, ann_id);
      const at = this.deps.clock.now();
      await repo.setColor(tx, row.id, color, at);
      const sticky = await repo.stickyNotesOf(tx, [row.id]);
      const presented = presentAnnotation({ ...row, color, updatedAt: at }, sticky);
      await this.deps.webhooks.emit(tx, item.userId, 'annotation.updated', presented);
      return presented;
    });
    await this.published(user.id, [link_id]);
    return { code: 1, annotation };
  }

  /** GET /api/annotations/list: a page of an item its owner may read, or anyone when it is public. */
  async list(
    viewerId: number | null,
    { link_id, offset, limit }: ListAnnotationsInput,
  ): Promise<ListAnnotationsReply> {
    const item = await loadForRead(this.deps.db, viewerId === null ? null : { id: viewerId }, link_id);
    return {
      annotations: await annotationPage(this.deps.db, item.id, offset, limit),
      total: item.annotationCount,
    };
  }

  /** The user's own highlights and notes across their library, newest first (the MCP server's list_highlights). */
  listOwn(user: { id: number }, filter: OwnHighlightsFilter): Promise<AnnotationReply[]> {
    return ownHighlights(this.deps.db, user.id, filter);
  }

  /** Removes the annotation and its sticky notes; a highlight's quota unit is given back. */
  async remove(
    user: { id: number },
    { ann_id, link_id }: RemoveAnnotationInput,
  ): Promise<RemoveAnnotationReply> {
    const count = await this.deps.db.transaction(async (tx) => {
      const item = await loadForWrite(tx, user, link_id, { lock: true });
      const row = await this.lockAnnotation(tx, user, item, ann_id);
      await repo.deleteAnnotation(tx, row.id);
      await this.deps.webhooks.emit(tx, item.userId, 'annotation.deleted', { id: row.id, link_id: item.id });
      // the unit goes back to whoever took it
      if (takesQuota(row.shape)) await this.deps.accounts.releaseUsage(tx, row.userId, { annotation: 1 });
      const n = await this.recount(tx, item);
      return n;
    });
    await this.published(user.id, [link_id]);
    return { code: 1, ann_id, annotation_count: count };
  }

  /**
   * A highlight has one sticky note: posting adds it, or replaces its text when it has one already
   * (so a retried post never makes two). Sticky notes take no quota.
   */
  async postStickyNote(
    user: { id: number },
    { sContent, link_id, ann_id }: PostStickyNoteInput,
  ): Promise<StickyNoteChangeReply> {
    const stickyNote = await this.deps.db.transaction(async (tx) => {
      const item = await loadForWrite(tx, user, link_id);
      const annotation = await this.lockAnnotation(tx, user, item, ann_id);
      const now = this.deps.clock.now();
      const [current] = await repo.stickyNotesOf(tx, [annotation.id]);
      const row = current
        ? await repo.updateStickyNote(tx, current.id, sContent, now)
        : (
            await repo.insertStickyNotes(
              tx,
              [item],
              [
                {
                  itemId: item.id,
                  userId: user.id,
                  annotationId: annotation.id,
                  content: sContent,
                  sMode: 2,
                  createdAt: now,
                  updatedAt: now,
                },
              ],
            )
          )[0]!;
      await this.emitUpdated(tx, item, annotation.id);
      return presentStickyNote(row, link_id, annotation.id);
    });
    await this.published(user.id, [link_id]);
    return { code: 1, stickyNote };
  }

  async editStickyNote(
    user: { id: number },
    { content, id, link_id }: EditStickyNoteInput,
  ): Promise<StickyNoteChangeReply> {
    const stickyNote = await this.deps.db.transaction(async (tx) => {
      const item = await loadForWrite(tx, user, link_id);
      const current = await this.lockStickyNote(tx, item, id);
      const row = await repo.updateStickyNote(tx, current.id, content, this.deps.clock.now());
      await this.emitUpdated(tx, item, row.annotationId);
      return presentStickyNote(row, link_id, row.annotationId);
    });
    await this.published(user.id, [link_id]);
    return { code: 1, stickyNote };
  }

  async removeStickyNote(
    user: { id: number },
    { id, link_id }: RemoveStickyNoteInput,
  ): Promise<RemoveStickyNoteReply> {
    await this.deps.db.transaction(async (tx) => {
      const item = await loadForWrite(tx, user, link_id);
      const current = await this.lockStickyNote(tx, item, id);
      await repo.deleteStickyNote(tx, current.id);
      await this.emitUpdated(tx, item, current.annotationId);
    });
    await this.published(user.id, [link_id]);
    return { code: 1, id };
  }

  /** annotation.updated when a highlight's sticky note changed (a float note has no highlight). */
  private async emitUpdated(tx: Executor, item: Authorized<'item', ItemRow>, annotationId: number | null) {
    if (annotationId === null) return;
    await this.deps.webhooks.emit(tx, item.userId, 'annotation.updated', async () => {
      const row = await repo.lockAnnotation(tx, item, annotationId);
      return row && presentAnnotation(row, await repo.stickyNotesOf(tx, [row.id]));
    });
  }

  /** The owner's tabs get the item; the groups it is shared to hear of the change. */
  private async published(ownerId: number, itemIds: number[]) {
    await this.deps.items.publishUpserts(ownerId, itemIds);
    await this.deps.onChanged?.(itemIds);
  }

  /**
   * Duplicates' merge: the highlights and sticky notes of `from` move onto `to` in the caller's
   * transaction (a highlight `to` has already stays behind, and goes to the trash with its item).
   */
  async moveToItem(
    tx: Executor,
    from: Authorized<'item', ItemRow>[],
    to: Authorized<'item', ItemRow>,
  ): Promise<void> {
    if ((await repo.moveToItem(tx, from, to)) === 0) return;
    await this.recount(tx, to);
    for (const item of from) await this.recount(tx, item);
  }

  private async recount(tx: Executor, item: Authorized<'item', ItemRow>): Promise<number> {
    const count = await repo.countOfItem(tx, item.id);
    await this.deps.items.setAnnotationCount(tx, item, count);
    return count;
  }

  /** The item's annotation, locked, when the caller may change it (policies/annotation.ts); else not found. */
  private async lockAnnotation(
    tx: Executor,
    user: { id: number },
    item: Authorized<'item', ItemRow>,
    id: number,
  ) {
    const row = await repo.lockAnnotation(tx, item, id);
    if (!row || !mayChangeAnnotation(user, row)) throw new NotFoundError();
    return row;
  }

  private async lockStickyNote(tx: Executor, item: Authorized<'item', ItemRow>, id: number) {
    const row = await repo.lockStickyNote(tx, item, id);
    if (!row) throw new NotFoundError();
    return row;
  }
}
