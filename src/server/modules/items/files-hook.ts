import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ItemFileFacts } from '../../../shared/schemas/items.ts';
import type { Executor } from '../../db/client.ts';
import { itemFiles, items } from '../../db/schema.ts';
import { type JobQueue, jobType } from '../../platform/jobs.ts';

/**
 * The items side of uploaded files (modules/uploads stores them and registers the job): what a
 * pdf or image item's reply adds, and removing the blobs of deleted items.
 */
export const FILES_CLEANUP_JOB = jobType('files-cleanup', z.object({ keys: z.array(z.string().min(1)) }));
export type FilesCleanupPayload = z.infer<typeof FILES_CLEANUP_JOB.payload>;

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
  keys.push(...(await noteImagesOnlyIn(tx, userId, ids)));
  if (keys.length === 0) return;
  await jobs.enqueue(tx, FILES_CLEANUP_JOB, { keys }, { userId });
}

/** A picture in a note is a link to /api/files/notes/{user}/{name} (modules/notes/images.ts). */
const NOTE_IMAGE = /\/api\/files\/(notes\/\d+\/[A-Za-z0-9_-]+\.[a-z]+)/g;

export function imagesIn(notes: { content: string | null }[]): Set<string> {
  return new Set(notes.flatMap((n) => [...(n.content ?? '').matchAll(NOTE_IMAGE)].map((m) => m[1]!)));
}

/**
 * The blob keys of the pictures in these notes that no other note of the user shows: a picture
 * pasted from one note into another is the same file, and must outlive the first note.
 */
async function noteImagesOnlyIn(tx: Executor, userId: number, ids: number[]): Promise<string[]> {
  const notes = await tx
    .select({ content: items.noteContent })
    .from(items)
    .where(and(eq(items.userId, userId), inArray(items.id, ids), eq(items.type, 'note')));
  const keys = [...imagesIn(notes)];
  if (keys.length === 0) return [];
  const others = await tx
    .select({ content: items.noteContent })
    .from(items)
    .where(
      and(
        eq(items.userId, userId),
        eq(items.type, 'note'),
        notInArray(items.id, ids),
        sql`${items.noteContent} LIKE '%/api/files/notes/%'`,
      ),
    );
  const stillShown = imagesIn(others);
  return keys.filter((key) => !stillShown.has(key));
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
