import { and, eq, inArray } from 'drizzle-orm';
import type { ItemFileFacts } from '../../../shared/schemas/items.ts';
import type { Executor } from '../../db/client.ts';
import { itemFiles } from '../../db/schema.ts';
import type { JobQueue } from '../../platform/jobs.ts';

/**
 * The items side of uploaded files (modules/uploads stores them and registers the job): what a
 * pdf or image item's reply adds, and removing the blobs of deleted items.
 */
export const FILES_CLEANUP_JOB = 'files-cleanup';
export interface FilesCleanupPayload {
  keys: string[];
}

/**
 * In the deleting transaction, before the rows go: queues the removal of the items' blobs (the
 * file and its thumbnails), so they are removed exactly when the delete commits.
 */
export async function queueFileCleanup(jobs: JobQueue, tx: Executor, userId: number, ids: number[]) {
  if (ids.length === 0) return;
  const rows = await tx
    .select({ blobKey: itemFiles.blobKey, thumbnails: itemFiles.thumbnails })
    .from(itemFiles)
    .where(and(eq(itemFiles.userId, userId), inArray(itemFiles.itemId, ids)))
    // a thumbnail job saving its keys right now either commits first (and is seen here) or
    // waits, finds the row gone and removes its own thumbnails
    .for('update');
  const keys = rows.flatMap((r) => [r.blobKey, ...Object.values(r.thumbnails as Record<string, string>)]);
  if (keys.length === 0) return;
  const payload: FilesCleanupPayload = { keys };
  await jobs.enqueue(tx, { kind: FILES_CLEANUP_JOB, userId, payload: { ...payload } });
}

/** What the browser needs to show a pdf or image item (preview rotation, sizes, page count). */
export async function fileFactsFor(ex: Executor, ids: number[]): Promise<Map<number, ItemFileFacts>> {
  const facts = new Map<number, ItemFileFacts>();
  if (ids.length === 0) return facts;
  const rows = await ex
    .select({
      itemId: itemFiles.itemId,
      rotation: itemFiles.rotation,
      width: itemFiles.width,
      height: itemFiles.height,
      pageCount: itemFiles.pageCount,
      size: itemFiles.size,
      fileName: itemFiles.fileName,
      contentType: itemFiles.contentType,
    })
    .from(itemFiles)
    .where(inArray(itemFiles.itemId, ids));
  for (const r of rows) {
    facts.set(r.itemId, {
      rotation: r.rotation,
      width: r.width,
      height: r.height,
      page_count: r.pageCount,
      file_size: r.size,
      file_name: r.fileName,
      content_type: r.contentType,
    });
  }
  return facts;
}
