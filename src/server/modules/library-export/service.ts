import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable, Transform } from 'node:stream';
import { and, eq, inArray } from 'drizzle-orm';
import {
  LIBRARY_EXPORT_MSG,
  LIBRARY_EXPORT_TTL_MS,
  LIBRARY_EXPORTS_LISTED,
  LIBRARY_FORMAT_LABELS,
  type LibraryExportList,
  type LibraryExportStatus,
  type LibraryFormatName,
  type StartLibraryExportInput,
} from '../../../shared/schemas/library-export.ts';
import type { Db } from '../../db/client.ts';
import { libraryExports } from '../../db/schema.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
import type { Job, JobQueue } from '../../platform/jobs.ts';
import type { SendableFile } from '../../platform/send-file.ts';
import type { LibraryFormat } from './format.ts';
import { type ExportRun, findRun, listRuns, queueRun } from './runs.ts';

/** How often a running export's size so far is kept. */
const PROGRESS_MS = 2_000;

export interface LibraryExportDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  jobs: JobQueue;
  /** the formats this server writes (app.ts); one missing is refused with a clear message */
  formats: readonly LibraryFormat[];
  /** told when a scheduled backup's run ends (schedules.ts: retention, drive copy, failure mail) */
  onScheduledEnd?: (run: ExportRun) => Promise<void>;
  log?: (err: unknown, message: string) => void;
}

/**
 * The whole library as a file (docs/library-export.md): a run is queued, a background job streams
 * the format's output into the blob store, and its owner downloads it while it is kept: a day for
 * an export asked for by hand, the schedule's last N for scheduled backups.
 */
export class LibraryExportService {
  constructor(private readonly deps: LibraryExportDeps) {}

  format(name: string): LibraryFormat {
    const format = this.deps.formats.find((f) => f.name === name);
    if (!format) throw new ValidationError(LIBRARY_EXPORT_MSG.notAvailable(name), 'format');
    return format;
  }

  async start(user: { id: number }, { format }: StartLibraryExportInput): Promise<{ job_id: number }> {
    this.format(format);
    return this.deps.db.transaction(async (tx) => {
      // a second click while one of the same format is on its way answers that one
      const [running] = await tx
        .select({ id: libraryExports.id })
        .from(libraryExports)
        .where(
          and(
            eq(libraryExports.userId, user.id),
            eq(libraryExports.format, format),
            eq(libraryExports.scheduled, false),
            inArray(libraryExports.state, ['queued', 'running']),
          ),
        );
      if (running) return { job_id: running.id };
      const row = await queueRun(tx, this.deps.jobs, {
        userId: user.id,
        format,
        scheduled: false,
        now: this.deps.clock.now(),
      });
      return { job_id: row.id };
    });
  }

  async status(user: { id: number }, id: number): Promise<LibraryExportStatus> {
    const row = await findRun(this.deps.db, user.id, id);
    if (!row) throw new NotFoundError(LIBRARY_EXPORT_MSG.noSuchExport);
    return this.present(row);
  }

  async list(user: { id: number }): Promise<LibraryExportList> {
    const rows = await listRuns(this.deps.db, user.id, LIBRARY_EXPORTS_LISTED);
    return {
      formats: this.deps.formats.map((f) => ({
        name: f.name,
        label: LIBRARY_FORMAT_LABELS[f.name].label,
        hint: LIBRARY_FORMAT_LABELS[f.name].hint,
        extension: f.extension,
      })),
      exports: rows.map((r) => this.present(r)),
    };
  }

  /** The file of a ready, unexpired run of the caller's (another user's id is not found). */
  async download(user: { id: number }, id: number): Promise<SendableFile> {
    const row = await findRun(this.deps.db, user.id, id);
    if (!row) throw new NotFoundError(LIBRARY_EXPORT_MSG.noSuchExport);
    const state = this.stateOf(row);
    if (state === 'expired') throw new NotFoundError(LIBRARY_EXPORT_MSG.expired);
    if (state !== 'ready' || !row.blobKey) throw new NotFoundError(LIBRARY_EXPORT_MSG.notReady);
    const format = this.deps.formats.find((f) => f.name === row.format);
    return {
      key: row.blobKey,
      contentType: format?.contentType ?? 'application/octet-stream',
      fileName: this.fileName(row, format?.extension ?? 'bin'),
      etag: row.blobKey.slice(row.blobKey.lastIndexOf('/') + 1),
      private: true,
      size: row.bytes,
    };
  }

  /** A format written straight into a reply (GET /api/export/netscape); an error ends the stream. */
  stream(
    user: { id: number },
    name: LibraryFormatName,
  ): { body: Readable; contentType: string; fileName: string } {
    const format = this.format(name);
    const body = new PassThrough({ highWaterMark: 256 * 1024 });
    format
      .write(user.id, body)
      .then(() => body.end())
      .catch((err: unknown) => body.destroy(err instanceof Error ? err : new Error(String(err))));
    const day = this.deps.clock.now().toISOString().slice(0, 10);
    return { body, contentType: format.contentType, fileName: `folio-bookmarks-${day}.${format.extension}` };
  }

  /** The job: streams the format into the blob store; the row says ready with its size, or failed. */
  async run(job: Job<{ exportId: number }>): Promise<void> {
    const [row] = await this.deps.db
      .update(libraryExports)
      .set({ state: 'running' })
      .where(
        and(
          eq(libraryExports.id, job.payload.exportId),
          inArray(libraryExports.state, ['queued', 'running']),
        ),
      )
      .returning();
    if (!row) return;
    const format = this.deps.formats.find((f) => f.name === row.format);
    if (!format) return this.fail(row, LIBRARY_EXPORT_MSG.notAvailable(row.format));
    const key = `library-exports/${row.userId}/${row.id}-${randomUUID()}.${format.extension}`;
    const progress = this.progress(row.id);
    const body = progress.counter;
    const stored = this.deps.blobs.put(key, body, format.contentType);
    try {
      await format.write(row.userId, body);
      body.end();
      const info = await stored;
      await progress.stop();
      const now = this.deps.clock.now();
      const [ready] = await this.deps.db
        .update(libraryExports)
        .set({
          state: 'ready',
          blobKey: key,
          bytes: info.size,
          finishedAt: now,
          expiresAt: row.scheduled ? null : new Date(now.getTime() + LIBRARY_EXPORT_TTL_MS),
        })
        .where(eq(libraryExports.id, row.id))
        .returning();
      if (!ready) await this.deps.blobs.delete(key);
      else if (ready.scheduled) await this.deps.onScheduledEnd?.(ready);
    } catch (err) {
      body.destroy(err instanceof Error ? err : new Error(String(err)));
      await stored.catch(() => undefined);
      await progress.stop();
      await this.deps.blobs.delete(key);
      this.deps.log?.(err, 'library export failed');
      if (job.lastAttempt) return this.fail(row, LIBRARY_EXPORT_MSG.failed);
      throw err;
    }
  }

  /**
   * The stream a run writes through, counting its bytes; the count is kept on the row every
   * PROGRESS_MS for the status to show.
   */
  private progress(id: number) {
    let written = 0;
    let saved = 0;
    let pending: Promise<unknown> = Promise.resolve();
    const counter = new Transform({
      highWaterMark: 256 * 1024,
      transform(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        done(null, chunk);
      },
    });
    const timer = setInterval(() => {
      if (written === saved) return;
      saved = written;
      pending = this.deps.db
        .update(libraryExports)
        .set({ bytes: written })
        .where(and(eq(libraryExports.id, id), eq(libraryExports.state, 'running')))
        .catch((err: unknown) => this.deps.log?.(err, 'export progress not kept'));
    }, PROGRESS_MS);
    return {
      counter,
      stop: async () => {
        clearInterval(timer);
        await pending;
      },
    };
  }

  private async fail(row: ExportRun, message: string) {
    const [failed] = await this.deps.db
      .update(libraryExports)
      .set({ state: 'failed', message, finishedAt: this.deps.clock.now() })
      .where(eq(libraryExports.id, row.id))
      .returning();
    if (failed?.scheduled) await this.deps.onScheduledEnd?.(failed);
  }

  private stateOf(row: ExportRun): LibraryExportStatus['state'] {
    if (row.state === 'ready' && row.expiresAt && row.expiresAt.getTime() <= this.deps.clock.now().getTime())
      return 'expired';
    return row.state as LibraryExportStatus['state'];
  }

  private fileName(row: ExportRun, extension: string): string {
    const day = (row.finishedAt ?? row.createdAt).toISOString().slice(0, 10);
    return `folio-${row.format === 'folio' ? 'backup' : row.format}-${day}.${extension}`;
  }

  present(row: ExportRun): LibraryExportStatus {
    const state = this.stateOf(row);
    return {
      job_id: row.id,
      format: row.format,
      state,
      bytes: row.bytes,
      download_url: state === 'ready' ? `/api/export/library/${row.id}/download` : null,
      scheduled: row.scheduled,
      message: row.message,
      created_at: row.createdAt.toISOString(),
      finished_at: row.finishedAt?.toISOString() ?? null,
      expires_at: row.expiresAt?.toISOString() ?? null,
    };
  }
}
