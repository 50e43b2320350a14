import { z } from 'zod';
import {
  TRASH_DAYS,
  type TrashChangeReply,
  type TrashIdsInput,
  type TrashListReply,
} from '../../../shared/schemas/trash.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { toSeconds } from '../../platform/clock.ts';
import { ValidationError } from '../../platform/errors.ts';
import { defineJob, type JobQueue, jobType } from '../../platform/jobs.ts';
import type { AccountsService, PlanHolder } from '../accounts/service.ts';
import { quotaUnitsOfItems } from '../annotations/item-annotations.ts';
import { loadTrashed } from './access.ts';
import { queueFileCleanup } from './files-hook.ts';
import * as repo from './repo.ts';
import type { ItemsService } from './service.ts';
import * as trashRepo from './trash-repo.ts';

export const TRASH_PAGE = 48;
const DAY_MS = 86_400_000;
/** Items deleted for good per transaction (Empty trash, the purge). */
const BATCH = 200;
export const RESTORE_CONFLICT_MESSAGE =
  'A bookmark of this address is in your library again: delete it or merge them before restoring.';

export const TRASH_PURGE_JOB = jobType('trash-purge', z.object({}));

export interface TrashDeps {
  db: Db;
  clock: Clock;
  accounts: AccountsService;
  items: ItemsService;
  jobs: JobQueue;
}

/**
 * The trash (issue 33): delete_b (ItemsService.delete) moves items here and gives their quota units
 * back; they keep their files, annotations, notes, tags, outliner entries and shares, and no other
 * read sees them (policies/item.ts refuses a trashed row; the list indexes hold live rows). Restore
 * takes the units again; delete forever, Empty trash and the daily purge delete the rows for good
 * (their blobs through the files-cleanup job; the units were given back already).
 */
export class TrashService {
  constructor(private readonly deps: TrashDeps) {}

  async list(user: { id: number }, page: number): Promise<TrashListReply> {
    const db = this.deps.db;
    const rows = await trashRepo.trashedPage(db, user.id, TRASH_PAGE, (page - 1) * TRASH_PAGE);
    const presented = await this.deps.items.present(db, rows, user.id);
    return {
      items: presented.map((item, i) => {
        const at = rows[i]!.trashedAt!;
        return {
          ...item,
          trashed_at: toSeconds(at)!,
          purge_at: toSeconds(new Date(at.getTime() + TRASH_DAYS * DAY_MS))!,
        };
      }),
      total: await trashRepo.trashedCount(db, user.id),
    };
  }

  /** Brings the items back, taking their pdf, image and highlight units again (all or none). */
  async restore(user: PlanHolder, { link_id }: TrashIdsInput): Promise<TrashChangeReply> {
    const restored = await this.deps.db.transaction(async (tx) => {
      const list = await loadTrashed(tx, user, link_id);
      const urls = list.filter((i) => i.type === 'bookmark' && i.url).map((i) => i.url!);
      if ((await trashRepo.liveBookmarkUrls(tx, user.id, urls)).size > 0)
        throw new ValidationError(RESTORE_CONFLICT_MESSAGE, 'link_id');
      await this.deps.accounts.reserveUnits(tx, user, {
        pdf: list.filter((i) => i.type === 'pdf').length,
        image: list.filter((i) => i.type === 'image').length,
        annotation: await quotaUnitsOfItems(tx, link_id),
      });
      await repo.restoreItems(tx, list);
      const ids = list.map((i) => i.id);
      // to a webhook, a restored item is made again (its move to the trash was item.deleted)
      await this.deps.items.emitItems(tx, user.id, 'item.created', ids);
      return ids;
    });
    await this.deps.items.publishUpserts(user.id, restored);
    return { code: 1, link_ids: restored };
  }

  /** Deletes trashed items for good (they are the caller's, in the trash: others refuse them all). */
  async deleteForever(user: { id: number }, { link_id }: TrashIdsInput): Promise<TrashChangeReply> {
    const deleted = await this.deps.db.transaction(async (tx) => {
      const list = await loadTrashed(tx, user, link_id);
      await queueFileCleanup(this.deps.jobs, tx, user.id, link_id);
      return (await repo.deleteItems(tx, list)).map((r) => r.id);
    });
    return { code: 1, link_ids: deleted };
  }

  async empty(user: { id: number }): Promise<TrashChangeReply> {
    const all: number[] = [];
    for (;;) {
      const ids = await trashRepo.trashedIds(this.deps.db, user.id, BATCH);
      if (ids.length === 0) break;
      all.push(...(await this.deleteForever(user, { link_id: ids })).link_ids);
    }
    return { code: 1, link_ids: all };
  }

  /** Deletes for good what was trashed more than TRASH_DAYS days ago; how many. */
  async purgeExpired(): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - TRASH_DAYS * DAY_MS);
    let purged = 0;
    for (;;) {
      const due = await trashRepo.expired(this.deps.db, before, BATCH);
      if (due.length === 0) return purged;
      const byOwner = new Map<number, number[]>();
      for (const { id, userId } of due) byOwner.set(userId, [...(byOwner.get(userId) ?? []), id]);
      for (const [userId, ids] of byOwner)
        purged += (await this.deleteForever({ id: userId }, { link_id: ids })).link_ids.length;
    }
  }

  /** The daily purge: each run queues the next one a day later (one queued at a time). */
  purgeJob() {
    return defineJob(TRASH_PURGE_JOB, async () => {
      try {
        await this.purgeExpired();
      } finally {
        await queueTrashPurge(
          this.deps.jobs,
          this.deps.db,
          new Date(this.deps.clock.now().getTime() + DAY_MS),
        );
      }
    });
  }
}

/** At boot (main.ts): a purge now; the job then queues its next run itself. */
export function queueTrashPurge(jobs: JobQueue, db: Db, runAt?: Date): Promise<void> {
  return jobs.enqueue(
    db,
    TRASH_PURGE_JOB,
    {},
    { dedupeKey: 'next', maxAttempts: 1, ...(runAt ? { runAt } : {}) },
  );
}
