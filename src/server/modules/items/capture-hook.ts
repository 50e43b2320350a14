import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { type JobQueue, jobType } from '../../platform/jobs.ts';
import type { ItemRow } from './repo.ts';

/**
 * The items side of page capture: which saves queue a capture, and the job they queue
 * (modules/capture registers the handler). Kept here so saveBookmark stays one small hook.
 */
export const CAPTURE_JOB = jobType(
  'capture',
  z.object({
    itemId: z.number().int().positive(),
    /** a copy of the page that came with an import (the blob holding its HTML): stored, not fetched */
    copyKey: z.string().max(200).optional(),
    /** a picture already in the store (`pages/<user>/...`, the extension's screenshot): the copy's cover */
    coverKey: z.string().max(200).optional(),
  }),
);
export type CaptureJobPayload = z.infer<typeof CAPTURE_JOB.payload>;

/** A new bookmark, one whose URL changed, or one saved again without a copy (never captured, or failed). */
export function needsCapture(url: string | null, existing: ItemRow | undefined): boolean {
  if (!url || (existing?.type ?? 'bookmark') !== 'bookmark') return false;
  return url !== existing?.url || existing.captureStatus === null || existing.captureStatus === 'failed';
}

/** Item fields while a capture is queued: any copy of an earlier URL stops counting or matching. */
export const CAPTURE_PENDING = {
  captureStatus: 'pending',
  captureError: null,
  capturedAt: null,
  pageVector: null,
} as const;

/** In the saving transaction, so the job exists exactly when the saved bookmark does. */
export function queueCapture(jobs: JobQueue, tx: Executor, userId: number, itemId: number): Promise<void> {
  return jobs.enqueue(tx, CAPTURE_JOB, { itemId }, { userId, dedupeKey: `item:${itemId}` });
}

/**
 * Queues the capture of a page copy the caller sent (the extension's rendered page, blob `copyKey`),
 * replacing a capture still waiting for the item: the copy sent last is the one stored.
 */
export function queueCopyCapture(
  jobs: JobQueue,
  tx: Executor,
  item: { id: number; userId: number },
  copy: { copyKey: string; coverKey?: string | undefined },
): Promise<void> {
  return jobs.enqueueLatest(
    tx,
    CAPTURE_JOB,
    { itemId: item.id, ...copy },
    { userId: item.userId, dedupeKey: `item:${item.id}` },
  );
}
