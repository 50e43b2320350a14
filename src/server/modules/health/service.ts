import { z } from 'zod';
import type {
  LinkHealthReply,
  LinkParamsInput,
  LinkState,
  PageChangesReply,
  PageVersionParamsInput,
  PageVersionReply,
  PageVersionsReply,
  UpdateCopyReply,
} from '../../../shared/schemas/health.ts';
import { wordDiff } from '../../../shared/word-diff.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import { toSeconds } from '../../platform/clock.ts';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
import type { Fetcher } from '../../platform/fetcher.ts';
import { defineJob, type JobQueue, jobType } from '../../platform/jobs.ts';
import type { CopyReplaced, CopyUpdates } from '../capture/update-copy.ts';
import { loadForWrite } from '../items/access.ts';
import { hostOf } from '../items/presenter.ts';
import { type CheckSettings, checkLink } from './check.ts';
import * as repo from './repo.ts';

export interface HealthSettings extends CheckSettings {
  dailyCap: number;
  hostSpacingMs: number;
}

export interface HealthDeps {
  db: Db;
  clock: Clock;
  fetcher: Fetcher;
  jobs: JobQueue;
  copies: CopyUpdates;
  /** finds the highlights on an updated copy (annotations/reanchor.ts) */
  reanchor: CopyReplaced<{ reanchored: number; orphaned: number }>;
  /** the highlights left on an item's earlier copies */
  leftOnVersions: (itemId: number) => Promise<{ id: number; content: string; versionId: number | null }[]>;
  settings: HealthSettings;
  log?: (obj: object, msg: string) => void;
}

/** The sweep: one job at a time (dedupe key), on any instance, each run queueing the next. */
export const LINK_HEALTH_JOB = jobType(
  'link-health',
  z.object({ seededTo: z.number().int().min(0).default(0) }),
);
/** Bookmarks given their check row per run: small, so seeding a large library never hogs the database. */
const SEED_BATCH = 500;
/**
 * Checks one run sends (each to a different host), and how many at once: at most 8 a second, a
 * pace that keeps the library's own calls quick (bench/link-health.ts) and still goes through
 * 100,000 bookmarks in under 4 hours, far within the 30-day period.
 */
const RUN_BATCH = 8;
const CONCURRENCY = 4;
/** Due checks looked at per run to find free hosts. */
const DUE_SCAN = 500;
/** A check taken by a run is not taken again for this long (the run's instance may stop mid-check). */
const CLAIM_MS = 3_600_000;
/** The next run: soon while checks are due, else a while later. */
const BUSY_NEXT_MS = 1_000;
const IDLE_NEXT_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/** Queues the sweep (main.ts at boot; each run queues the next). */
export function queueLinkHealth(jobs: JobQueue, db: Db, seededTo = 0, runAt?: Date): Promise<void> {
  return jobs.enqueue(db, LINK_HEALTH_JOB, { seededTo }, { dedupeKey: 'next', maxAttempts: 1, runAt });
}

const BROKEN: LinkState[] = ['gone', 'unreachable'];
export const isBroken = (state: LinkState) => BROKEN.includes(state);

/**
 * Link health: saved bookmarks re-checked politely (per-host spacing kept in the database for every
 * instance, a daily cap per instance, only through the guarded fetcher), a check on request, the
 * changes of a changed page, and Update copy with its versions.
 */
export class HealthService {
  /** this instance's checks today (the daily cap is per instance) */
  private today = { day: '', count: 0 };

  constructor(private readonly deps: HealthDeps) {}

  definition() {
    return defineJob(LINK_HEALTH_JOB, async (job) => {
      let next = {
        seededTo: job.payload.seededTo,
        runAt: new Date(this.deps.clock.now().getTime() + IDLE_NEXT_MS),
      };
      try {
        next = await this.sweep(job.payload.seededTo);
      } finally {
        await queueLinkHealth(this.deps.jobs, this.deps.db, next.seededTo, next.runAt);
      }
    });
  }

  /** One run of the sweep; answers where seeding got to and when the next run is due. */
  async sweep(seededTo: number): Promise<{ seededTo: number; runAt: Date; checked: number }> {
    const { db, clock, settings } = this.deps;
    const now = clock.now();
    const intervalMs = settings.intervalDays * DAY_MS;
    const seeded = (await repo.seedChecks(db, seededTo, SEED_BATCH, intervalMs)) ?? seededTo;
    const room = settings.dailyCap - this.countToday(now);
    if (room <= 0) {
      const tomorrow = new Date(now);
      tomorrow.setUTCHours(24, 0, 0, 0);
      return { seededTo: seeded, runAt: tomorrow, checked: 0 };
    }
    const due = await repo.dueChecks(db, now, DUE_SCAN);
    // one check per host per run; each host's turn is taken just before its request goes out, so
    // two requests to one host are never closer than the spacing however long a run takes
    const picked: { id: number; userId: number; url: string; host: string }[] = [];
    const hosts = new Set<string>();
    for (const row of due) {
      if (picked.length >= Math.min(room, RUN_BATCH)) break;
      const host = row.host ?? hostOf(row.url) ?? row.url;
      if (hosts.has(host)) continue;
      hosts.add(host);
      picked.push({ id: Number(row.item_id), userId: Number(row.user_id), url: row.url, host });
    }
    await repo.postpone(
      db,
      picked.map((p) => p.id),
      new Date(now.getTime() + CLAIM_MS),
    );
    let checked = 0;
    for (let i = 0; i < picked.length; i += CONCURRENCY) {
      await Promise.all(
        picked.slice(i, i + CONCURRENCY).map(async (item) => {
          const at = clock.now();
          if (!(await repo.claimHost(db, item.host, at, settings.hostSpacingMs))) {
            // the host's turn went to another instance: due again at once
            await repo.postpone(db, [item.id], at);
            return;
          }
          checked += 1;
          this.today.count += 1;
          await this.checkAndSave(item);
        }),
      );
    }
    const more = due.length > checked || seeded !== seededTo;
    return {
      seededTo: seeded,
      runAt: new Date(now.getTime() + (more ? BUSY_NEXT_MS : IDLE_NEXT_MS)),
      checked,
    };
  }

  private countToday(now: Date): number {
    const day = now.toISOString().slice(0, 10);
    if (this.today.day !== day) this.today = { day, count: 0 };
    return this.today.count;
  }

  /** Checks one bookmark and records the result; a failure to check is logged, never thrown. */
  private async checkAndSave(item: { id: number; userId: number; url: string }) {
    const { db, clock, fetcher, copies, settings } = this.deps;
    try {
      const [saved, previous] = await Promise.all([
        copies.savedText(item.id, item.url),
        repo.findCheck(db, item.id),
      ]);
      const sameUrl = previous?.url === item.url ? previous : undefined;
      const result = await checkLink(fetcher, item.url, saved?.text ?? null, sameUrl, settings, clock.now());
      await repo.saveResult(db, item, result);
    } catch (err) {
      this.deps.log?.({ err, itemId: item.id }, 'link check failed');
    }
  }

  /** GET /api/items/{link_id}/health */
  async health(user: { id: number }, { link_id }: LinkParamsInput): Promise<LinkHealthReply> {
    const item = await loadForWrite(this.deps.db, user, link_id);
    const row = await repo.findCheck(this.deps.db, item.id);
    if (!row || row.url !== item.url || row.checkedAt === null)
      return { state: 'unchecked', checked_at: null, status: null, final_url: null, changed_ratio: null };
    return {
      state: row.state as LinkState,
      checked_at: toSeconds(row.checkedAt),
      status: row.status,
      final_url: row.finalUrl,
      changed_ratio: row.changedRatio,
    };
  }

  /** POST /api/items/{link_id}/check: the bookmark checked now (the route is rate-limited). */
  async checkNow(user: { id: number }, input: LinkParamsInput): Promise<LinkHealthReply> {
    const item = await loadForWrite(this.deps.db, user, input.link_id);
    if (item.type !== 'bookmark' || !item.url)
      throw new ValidationError('Only a bookmark has a link to check.');
    await this.checkAndSave({ id: item.id, userId: item.userId, url: item.url });
    return this.health(user, input);
  }

  /** GET /api/items/{link_id}/changes: the saved copy and the page as last checked, word by word. */
  async changes(user: { id: number }, { link_id }: LinkParamsInput): Promise<PageChangesReply> {
    const item = await loadForWrite(this.deps.db, user, link_id);
    const row = await repo.findCheck(this.deps.db, item.id);
    const saved = item.url ? await this.deps.copies.savedText(item.id, item.url) : null;
    if (!row || row.url !== item.url || row.state !== 'changed' || row.changedText === null || !saved)
      throw new NotFoundError('This page has not changed since it was saved.');
    const diff = wordDiff(saved.text, row.changedText);
    return {
      saved: diff.old,
      current: diff.new,
      changed_ratio: row.changedRatio ?? diff.ratio,
      saved_at: toSeconds(saved.capturedAt)!,
      checked_at: toSeconds(row.checkedAt)!,
    };
  }

  /** POST /api/items/{link_id}/update-copy: captured again; the page is as saved now. */
  async updateCopy(user: { id: number }, { link_id }: LinkParamsInput): Promise<UpdateCopyReply> {
    const item = await loadForWrite(this.deps.db, user, link_id);
    const done = await this.deps.copies.update(item, this.deps.reanchor);
    const now = this.deps.clock.now();
    await repo.saveResult(
      this.deps.db,
      { id: item.id, userId: item.userId, url: item.url! },
      {
        state: 'ok',
        status: 200,
        finalUrl: null,
        changedRatio: 0,
        changedText: null,
        failures: 0,
        checkedAt: now,
        nextCheckAt: new Date(now.getTime() + this.deps.settings.intervalDays * DAY_MS),
      },
    );
    return { version_id: done.versionId, reanchored: done.reanchored, orphaned: done.orphaned };
  }

  /** GET /api/items/{link_id}/versions */
  async versions(user: { id: number }, { link_id }: LinkParamsInput): Promise<PageVersionsReply> {
    const item = await loadForWrite(this.deps.db, user, link_id);
    const [rows, left] = await Promise.all([
      this.deps.copies.versions(item.id),
      this.deps.leftOnVersions(item.id),
    ]);
    return {
      versions: rows.map((v) => ({
        version_id: v.id,
        title: v.title,
        captured_at: toSeconds(v.capturedAt)!,
        replaced_at: toSeconds(v.replacedAt)!,
        orphaned: left.filter((a) => a.versionId === v.id).map(({ id, content }) => ({ id, content })),
      })),
    };
  }

  /** GET /api/items/{link_id}/versions/{version_id} */
  async version(
    user: { id: number },
    { link_id, version_id }: PageVersionParamsInput,
  ): Promise<PageVersionReply> {
    const item = await loadForWrite(this.deps.db, user, link_id);
    const [v, left] = await Promise.all([
      this.deps.copies.version(item.id, version_id),
      this.deps.leftOnVersions(item.id),
    ]);
    return {
      version_id: v.id,
      title: v.title,
      html: v.html,
      captured_at: toSeconds(v.capturedAt)!,
      replaced_at: toSeconds(v.replacedAt)!,
      orphaned: left.filter((a) => a.versionId === v.id).map(({ id, content }) => ({ id, content })),
    };
  }
}
