import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { libraryExports } from '../../db/schema.ts';
import type { JobQueue } from '../../platform/jobs.ts';
import { jobType } from '../../platform/jobs.ts';

/** Makes one run's file: queued with the run's row, by a request or by the backup schedule. */
export const LIBRARY_EXPORT_JOB = jobType(
  'library-export',
  z.object({ exportId: z.number().int().positive() }),
);

export type ExportRun = typeof libraryExports.$inferSelect;

/** A run's row and its job in the caller's transaction: the job exists exactly when the row does. */
export async function queueRun(
  tx: Executor,
  jobs: JobQueue,
  run: { userId: number; format: string; scheduled: boolean; now: Date },
): Promise<ExportRun> {
  const [row] = await tx
    .insert(libraryExports)
    .values({ userId: run.userId, format: run.format, scheduled: run.scheduled, createdAt: run.now })
    .returning();
  await jobs.enqueue(tx, LIBRARY_EXPORT_JOB, { exportId: row!.id }, { userId: run.userId, maxAttempts: 2 });
  return row!;
}

/**
 * The blob keys the blob sweep keeps (platform/blob-sweep.ts): those of runs not yet expired. An
 * expired export's file is removed by the next sweep (it is a day old by then), its row kept for
 * the list.
 */
export async function exportKeysOf(ex: Executor, userId: number, now: Date): Promise<Set<string>> {
  const rows = await ex
    .select({ key: libraryExports.blobKey })
    .from(libraryExports)
    .where(
      and(
        eq(libraryExports.userId, userId),
        sql`${libraryExports.blobKey} IS NOT NULL`,
        or(isNull(libraryExports.expiresAt), gt(libraryExports.expiresAt, now)),
      ),
    );
  return new Set(rows.map((r) => r.key!));
}

export async function findRun(ex: Executor, userId: number, id: number): Promise<ExportRun | undefined> {
  const [row] = await ex
    .select()
    .from(libraryExports)
    .where(and(eq(libraryExports.id, id), eq(libraryExports.userId, userId)));
  return row;
}

export function listRuns(ex: Executor, userId: number, limit: number): Promise<ExportRun[]> {
  return ex
    .select()
    .from(libraryExports)
    .where(eq(libraryExports.userId, userId))
    .orderBy(desc(libraryExports.id))
    .limit(limit);
}
