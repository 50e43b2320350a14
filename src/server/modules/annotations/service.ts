import { PLANS } from '../../../shared/plans.ts';
import {
  type AddAnnotationReply,
  addAnnotationSchema,
  type ChangeAnnotationColorReply,
  changeAnnotationColorSchema,
  editStickyNoteSchema,
  HIGHLIGHT_OVER_QUOTA,
  type ListAnnotationsReply,
  listAnnotationsSchema,
  postStickyNoteSchema,
  QUOTA_SHAPES,
  type RemoveAnnotationReply,
  type RemoveStickyNoteReply,
  removeAnnotationSchema,
  removeStickyNoteSchema,
  type StickyNoteChangeReply,
} from '../../../shared/schemas/annotations.ts';
import type { Db, Executor } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundError, PlanLimitError, parse } from '../../platform/errors.ts';
import type { AccountsService } from '../accounts/service.ts';
import { effectivePlan } from '../accounts/user-info.ts';
import type { ItemsService } from '../items/service.ts';
import { refreshSearchVectors } from '../search/vectors.ts';
import { annotatedItem, annotationPage } from './item-annotations.ts';
import { annotationMd5, presentAnnotation, presentStickyNote } from './presenter.ts';
import * as repo from './repo.ts';

export interface AnnotationsDeps {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  items: ItemsService;
}

const takesQuota = (shape: number) => (QUOTA_SHAPES as readonly number[]).includes(shape);

/**
 * Highlights, float notes and their sticky notes (spec part 1 §3, §7). Only the item's owner changes
 * anything: every write loads the row through the caller's id and the item id given, so another
 * user's ids are "not found". A change does not touch the item's updated time (it would reorder the
 * library under the reader) but sends the item to the owner's open tabs.
 */
export class AnnotationsService {
  constructor(private readonly deps: AnnotationsDeps) {}

  /** Adds a highlight; the same one again returns the existing row and takes no quota. */
  async add(userId: number, input: unknown): Promise<AddAnnotationReply> {
    const data = parse(addAnnotationSchema, input);
    const now = this.deps.clock.now();
    const selector = data.selector ?? null;
    // read before the transaction: PGlite has one connection, which the transaction holds
    const quota = takesQuota(data.shape) ? await this.highlightQuota(userId, now) : null;
    const result = await this.deps.db.transaction(async (tx) => {
      await this.lockItem(tx, userId, data.link_id);
      const annMd5 = annotationMd5(data.link_id, data.shape, selector, data.content);
      const [created] = await repo.insertNew(tx, [
        {
          userId,
          itemId: data.link_id,
          shape: data.shape,
          content: data.content,
          annMd5,
          color: data.color,
          selector,
          createdAt: now,
          updatedAt: now,
        },
      ]);
      if (!created) {
        const [existing] = await repo.findByMd5(tx, data.link_id, [annMd5]);
        const sticky = await repo.stickyNotesOf(tx, [existing!.id]);
        const count = await this.recount(tx, data.link_id);
        return { annotation: presentAnnotation(existing!, sticky), created: false, count };
      }
      if (takesQuota(data.shape)) await this.takeUnit(tx, userId, quota);
      const count = await this.recount(tx, data.link_id);
      await refreshSearchVectors(tx, [data.link_id]);
      return { annotation: presentAnnotation(created, []), created: true, count };
    });
    if (result.created) await this.deps.items.publishUpserts(userId, [data.link_id]);
    return {
      code: 1,
      annotation: result.annotation,
      created: result.created,
      annotation_count: result.count,
    };
  }

  async changeColor(userId: number, input: unknown): Promise<ChangeAnnotationColorReply> {
    const { ann_id, link_id, color } = parse(changeAnnotationColorSchema, input);
    const annotation = await this.deps.db.transaction(async (tx) => {
      const row = await this.lockAnnotation(tx, userId, link_id, ann_id);
      const at = this.deps.clock.now();
      await repo.setColor(tx, row.id, color, at);
      const sticky = await repo.stickyNotesOf(tx, [row.id]);
      return presentAnnotation({ ...row, color, updatedAt: at }, sticky);
    });
    await this.deps.items.publishUpserts(userId, [link_id]);
    return { code: 1, annotation };
  }

  /** GET /api/annotations/list: a page of an item its owner may read, or anyone when it is public. */
  async list(viewerId: number | null, query: unknown): Promise<ListAnnotationsReply> {
    const { link_id, offset, limit } = parse(listAnnotationsSchema, query);
    const item = await annotatedItem(this.deps.db, link_id);
    // another user's private item is indistinguishable from a missing one
    if (!item || (item.private && item.userId !== viewerId)) throw new NotFoundError();
    return { annotations: await annotationPage(this.deps.db, link_id, offset, limit), total: item.count };
  }

  /** Removes the annotation and its sticky notes; a highlight's quota unit is given back. */
  async remove(userId: number, input: unknown): Promise<RemoveAnnotationReply> {
    const { ann_id, link_id } = parse(removeAnnotationSchema, input);
    const count = await this.deps.db.transaction(async (tx) => {
      const row = await this.lockAnnotation(tx, userId, link_id, ann_id);
      await repo.deleteAnnotation(tx, row.id);
      if (takesQuota(row.shape)) await this.deps.accounts.adjustUsage(tx, userId, { annotation: -1 });
      const n = await this.recount(tx, link_id);
      await refreshSearchVectors(tx, [link_id]);
      return n;
    });
    await this.deps.items.publishUpserts(userId, [link_id]);
    return { code: 1, ann_id, annotation_count: count };
  }

  /**
   * A highlight has one sticky note: posting adds it, or replaces its text when it has one already
   * (so a retried post never makes two). Sticky notes take no quota.
   */
  async postStickyNote(userId: number, input: unknown): Promise<StickyNoteChangeReply> {
    const { sContent, link_id, ann_id } = parse(postStickyNoteSchema, input);
    const stickyNote = await this.deps.db.transaction(async (tx) => {
      const annotation = await this.lockAnnotation(tx, userId, link_id, ann_id);
      const now = this.deps.clock.now();
      const [current] = await repo.stickyNotesOf(tx, [annotation.id]);
      const row = current
        ? await repo.updateStickyNote(tx, current.id, sContent, now)
        : (
            await repo.insertStickyNotes(tx, [
              {
                userId,
                itemId: link_id,
                annotationId: annotation.id,
                content: sContent,
                sMode: 2,
                createdAt: now,
                updatedAt: now,
              },
            ])
          )[0]!;
      await refreshSearchVectors(tx, [link_id]);
      return presentStickyNote(row, link_id, annotation.id);
    });
    await this.deps.items.publishUpserts(userId, [link_id]);
    return { code: 1, stickyNote };
  }

  async editStickyNote(userId: number, input: unknown): Promise<StickyNoteChangeReply> {
    const { content, id, link_id } = parse(editStickyNoteSchema, input);
    const stickyNote = await this.deps.db.transaction(async (tx) => {
      const current = await this.lockStickyNote(tx, userId, link_id, id);
      const row = await repo.updateStickyNote(tx, current.id, content, this.deps.clock.now());
      await refreshSearchVectors(tx, [link_id]);
      return presentStickyNote(row, link_id, row.annotationId);
    });
    await this.deps.items.publishUpserts(userId, [link_id]);
    return { code: 1, stickyNote };
  }

  async removeStickyNote(userId: number, input: unknown): Promise<RemoveStickyNoteReply> {
    const { id, link_id } = parse(removeStickyNoteSchema, input);
    await this.deps.db.transaction(async (tx) => {
      const current = await this.lockStickyNote(tx, userId, link_id, id);
      await repo.deleteStickyNote(tx, current.id);
      await refreshSearchVectors(tx, [link_id]);
    });
    await this.deps.items.publishUpserts(userId, [link_id]);
    return { code: 1, id };
  }

  private async highlightQuota(userId: number, now: Date): Promise<number | null> {
    const user = await this.deps.accounts.findUser(userId);
    return PLANS[effectivePlan(user!, now)].quotas.annotations;
  }

  /** One unit of the plan's highlight quota, taken in the caller's transaction, or the refusal. */
  /** The item's annotation count (its tags' Annotated counts follow by trigger, migration 0009). */
  private recount(tx: Executor, itemId: number): Promise<number> {
    return repo.recountItem(tx, itemId);
  }

  private async takeUnit(tx: Executor, userId: number, quota: number | null) {
    const granted = await this.deps.accounts.reserveUsage(tx, userId, 'annotation', quota);
    if (!granted) throw new PlanLimitError(HIGHLIGHT_OVER_QUOTA.message, HIGHLIGHT_OVER_QUOTA.code);
  }

  private async lockItem(tx: Executor, userId: number, itemId: number) {
    const item = await repo.lockOwnItem(tx, userId, itemId);
    if (!item) throw new NotFoundError();
    return item;
  }

  private async lockAnnotation(tx: Executor, userId: number, itemId: number, id: number) {
    const row = await repo.lockOwnAnnotation(tx, userId, itemId, id);
    if (!row) throw new NotFoundError();
    return row;
  }

  private async lockStickyNote(tx: Executor, userId: number, itemId: number, id: number) {
    const row = await repo.lockOwnStickyNote(tx, userId, itemId, id);
    if (!row) throw new NotFoundError();
    return row;
  }
}
