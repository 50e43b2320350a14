import type { Executor } from '../../db/client.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import type { ItemRow } from './repo.ts';

/**
 * The items side of page capture: which saves queue a capture, and the job they queue
 * (modules/capture registers the handler). Kept here so saveBookmark stays one small hook.
 */
export const CAPTURE_JOB = 'capture';
export interface CaptureJobPayload {
  itemId: number;
}

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
  const payload: CaptureJobPayload = { itemId };
  return jobs.enqueue(tx, {
    kind: CAPTURE_JOB,
    userId,
    payload: { ...payload },
    dedupeKey: `item:${itemId}`,
  });
}
