import { z } from 'zod';
import type { Executor } from '../db/client.ts';
import type { BlobStore } from './blob-store.ts';
import { defineJob, type JobQueue, jobType } from './jobs.ts';

/**
 * Removes what a crash leaves in the blob store: temporary files of uploads that never finished,
 * and blobs no row references (stored, then the process died before the row committed). Keys are
 * `<area>/<userId>/<name>`; each module that stores blobs names the keys of a user's rows in its
 * area, and an area nobody names is left alone.
 */

/** The blob keys one user's rows reference in one area. */
export type ReferencedKeys = (userId: number) => Promise<Set<string>>;

export interface SweepOptions {
  /** temporary files older than this are leftovers (an upload in progress writes its file now) */
  temporaryAgeMs?: number;
  /**
   * blobs younger than this are kept even when unreferenced: an upload commits its row right after
   * the file is stored, and a note's picture is stored while the note is still being written
   */
  unreferencedAgeMs?: number;
}

export interface SweepResult {
  temporary: number;
  unreferenced: number;
}

const HOUR = 3_600_000;

export async function sweepBlobs(
  blobs: BlobStore,
  areas: Record<string, ReferencedKeys>,
  now: Date,
  opts: SweepOptions = {},
): Promise<SweepResult> {
  const temporary = await blobs.removeUnfinished(new Date(now.getTime() - (opts.temporaryAgeMs ?? HOUR)));
  const cutoff = now.getTime() - (opts.unreferencedAgeMs ?? 24 * HOUR);
  let unreferenced = 0;
  for (const [area, referenced] of Object.entries(areas)) {
    // one user's keys at a time: what the user's rows reference is read once per user
    const byUser = new Map<number, string[]>();
    for await (const blob of blobs.list(area)) {
      const userId = Number(blob.key.split('/')[1]);
      if (!Number.isSafeInteger(userId) || blob.storedAt.getTime() >= cutoff) continue;
      byUser.set(userId, [...(byUser.get(userId) ?? []), blob.key]);
    }
    for (const [userId, keys] of byUser) {
      const kept = await referenced(userId);
      for (const key of keys) {
        if (kept.has(key)) continue;
        await blobs.delete(key);
        unreferenced += 1;
      }
    }
  }
  return { temporary, unreferenced };
}

export const BLOB_SWEEP_JOB = jobType('blob-sweep', z.object({}));
/** Between two sweeps. */
const SWEEP_EVERY_MS = 6 * HOUR;

/**
 * The sweep as a background job: each run queues the next one (one queued at a time, by its
 * dedupe key); queueBlobSweep() starts a run at boot.
 */
export function blobSweepJob(
  jobs: JobQueue,
  deps: { db: Executor; blobs: BlobStore; areas: Record<string, ReferencedKeys>; now: () => Date },
) {
  return defineJob(BLOB_SWEEP_JOB, async () => {
    const now = deps.now();
    // the next run is queued first, so a failing sweep does not end the chain
    await jobs.enqueue(
      deps.db,
      BLOB_SWEEP_JOB,
      {},
      { dedupeKey: 'next', runAt: new Date(now.getTime() + SWEEP_EVERY_MS) },
    );
    await sweepBlobs(deps.blobs, deps.areas, now);
  });
}

/** At boot: a sweep now (a crash is the reason there is something to sweep). */
export function queueBlobSweep(jobs: JobQueue, db: Executor): Promise<void> {
  return jobs.enqueue(db, BLOB_SWEEP_JOB, {}, { dedupeKey: 'boot', maxAttempts: 1 });
}
