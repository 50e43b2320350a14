import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { KINDLE_CLIPPINGS_MAX_BYTES } from '../../../shared/limits.ts';
import {
  BACKUP_IMPORT_MAX_BYTES,
  IMPORT_ERRORS_KEPT,
  IMPORT_FORMAT_NAMES,
  IMPORT_MAX_BYTES,
  IMPORT_MSG,
  type ImportFormatName,
  type ImportStatus,
} from '../../../shared/schemas/import.ts';
import type { Db } from '../../db/client.ts';
import { imports } from '../../db/schema.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Clock } from '../../platform/clock.ts';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
import { receiveFile } from '../../platform/file-intake.ts';
import { type Job, type JobQueue, jobType } from '../../platform/jobs.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { KindleImportService } from '../annotations/kindle-import.ts';
import type { FolioRestore } from '../backup/restore.ts';
import { parseOpml } from '../outliners/opml.ts';
import type { OutlinersService } from '../outliners/service.ts';
import type { WebhookEvents } from '../webhooks/events.ts';
import { detectFormat } from './detect.ts';
import { ImportFormatError } from './entry.ts';
import { ENTRY_FORMATS, type EntryFormat, formatLabel, UNKNOWN_FORMAT_MESSAGE } from './formats.ts';
import { parseFolio } from './parsers/folio.ts';
import type { ImportFile } from './source.ts';
import { addOutcome as add, emptyOutcome, type ImportWriter, type Located, type Outcome } from './writer.ts';

export const IMPORT_JOB = jobType('import', z.object({ importId: z.number().int().positive() }));

/** Entries written per transaction. */
const BATCH = 100;
/** A running import whose heartbeat is older than this was left by a stopped instance. */
const STALE_MS = 2 * 60_000;
/** While another import of the user runs, this one looks again after this long. */
const WAIT_MS = 3_000;

export interface ImportDeps {
  db: Db;
  clock: Clock;
  blobs: BlobStore;
  jobs: JobQueue;
  accounts: AccountsService;
  writer: ImportWriter;
  kindle: KindleImportService;
  outliners: OutlinersService;
  /** restores a Folio backup (format `folio`, modules/backup) */
  restore: FolioRestore;
  /** import.finished, queued with the import's end */
  webhooks: WebhookEvents;
  publicUrl?: string;
}

type ImportRow = typeof imports.$inferSelect;

/**
 * Bringing a library in (docs/import.md): the file is stored and its format recognised at once
 * (a file of no known format is refused with the list of those Folio reads), then a background job
 * parses it as a stream and writes it in batches, keeping the counts the progress bar reads. One
 * import of a user runs at a time, on any instance.
 */
export class ImportService {
  constructor(private readonly deps: ImportDeps) {}

  async start(user: { id: number }, request: FastifyRequest): Promise<{ job_id: number }> {
    if (!request.isMultipart()) throw new ValidationError(IMPORT_MSG.fileMissing, 'file');
    const key = `imports/${user.id}/${randomUUID()}.file`;
    const { fields, file } = await receiveFile(request, this.deps.blobs, {
      fileFields: ['file'],
      field: 'file',
      maxBytes: BACKUP_IMPORT_MAX_BYTES,
      sniff: () => ({ ext: 'file', mime: 'application/octet-stream' }),
      messages: {
        missing: IMPORT_MSG.fileMissing,
        wrongType: IMPORT_MSG.fileMissing,
        tooLarge: IMPORT_MSG.tooLarge,
      },
      keyFor: () => key,
    });
    if (!file) throw new ValidationError(IMPORT_MSG.fileMissing, 'file');
    try {
      const format = await this.formatOf(fields.format, this.blobFile(key));
      // only a Folio backup, which carries the library's files, may be larger than an export
      if (format !== 'folio' && file.size > IMPORT_MAX_BYTES)
        throw new ValidationError(IMPORT_MSG.tooLarge, 'file');
      const now = this.deps.clock.now();
      const row = await this.deps.db.transaction(async (tx) => {
        const [made] = await tx
          .insert(imports)
          .values({
            userId: user.id,
            format,
            fileName: file.partName.slice(0, 255),
            blobKey: key,
            createdAt: now,
          })
          .returning();
        await this.deps.jobs.enqueue(
          tx,
          IMPORT_JOB,
          { importId: made!.id },
          { userId: user.id, maxAttempts: 3 },
        );
        return made!;
      });
      return { job_id: row.id };
    } catch (err) {
      await this.deps.blobs.delete(key);
      throw err;
    }
  }

  async status(user: { id: number }, id: number): Promise<ImportStatus> {
    const [row] = await this.deps.db
      .select()
      .from(imports)
      .where(and(eq(imports.id, id), eq(imports.userId, user.id)));
    if (!row) throw new NotFoundError(IMPORT_MSG.noSuchImport);
    return present(row);
  }

  async list(user: { id: number }): Promise<{ imports: ImportStatus[] }> {
    const rows = await this.deps.db
      .select()
      .from(imports)
      .where(eq(imports.userId, user.id))
      .orderBy(desc(imports.id))
      .limit(20);
    return { imports: rows.map(present) };
  }

  /** The job: waits for the user's other import, then reads and writes the file. */
  async run(job: Job<z.output<typeof IMPORT_JOB.payload>>): Promise<void> {
    const row = await this.claim(job.payload.importId);
    if (row === 'finished') return;
    if (row === 'waiting') {
      await this.deps.jobs.enqueue(this.deps.db, IMPORT_JOB, job.payload, {
        userId: job.userId ?? undefined,
        runAt: new Date(this.deps.clock.now().getTime() + WAIT_MS),
        maxAttempts: 3,
      });
      return;
    }
    try {
      await this.importFile(row);
      await this.finish(row.id, { state: 'done' });
    } catch (err) {
      if (err instanceof ImportFormatError || err instanceof ValidationError) {
        return this.finish(row.id, { state: 'failed', message: err.message });
      }
      if (job.lastAttempt)
        await this.finish(row.id, { state: 'failed', message: 'The import stopped on an error.' });
      throw err;
    }
  }

  private async importFile(row: ImportRow) {
    const file = this.blobFile(row.blobKey!);
    const user = await this.deps.accounts.findUser(row.userId);
    if (!user) throw new ImportFormatError('The account is gone.');
    const format = row.format as ImportFormatName;
    if (format === 'kindle' || format === 'opml') return this.importWhole(row, user, format, file);
    if (format === 'folio') return this.restoreBackup(row, user, file);
    const parse = ENTRY_FORMATS[format as EntryFormat].parse;
    let total = 0;
    for await (const _ of parse(file)) total += 1;
    await this.deps.db.update(imports).set({ total }).where(eq(imports.id, row.id));

    const outcome = emptyOutcome();
    let batch: Located[] = [];
    let pending: Outcome = emptyOutcome();
    let done = 0;
    const flush = async () => {
      const written = batch.length ? await this.deps.writer.write(user, batch) : emptyOutcome();
      done += batch.length;
      batch = [];
      add(written, pending);
      pending = emptyOutcome();
      add(outcome, written);
      await this.progress(row.id, done, written);
    };
    for await (const parsed of parse(file)) {
      if ('problem' in parsed) {
        pending.skipped += 1;
        pending.problems.push({ at: parsed.at, message: parsed.problem });
        done += 1;
      } else batch.push(parsed);
      if (batch.length >= BATCH) await flush();
    }
    await flush();
  }

  /** A Folio backup: counted without its files, then restored as a stream (modules/backup/restore.ts). */
  private async restoreBackup(row: ImportRow, user: { id: number }, file: ImportFile) {
    const total = await this.deps.restore.count(parseFolio(file, { files: false }));
    await this.deps.db.update(imports).set({ total }).where(eq(imports.id, row.id));
    await this.deps.restore.restore(user, parseFolio(file, { files: true }), {
      progress: (done, written) => this.progress(row.id, done, written),
    });
  }

  /** Kindle clippings and OPML outlines: read whole (their own importers, with their own limits). */
  private async importWhole(
    row: ImportRow,
    user: NonNullable<Awaited<ReturnType<AccountsService['findUser']>>>,
    format: 'kindle' | 'opml',
    file: ImportFile,
  ) {
    const text = await readText(file, KINDLE_CLIPPINGS_MAX_BYTES);
    const written = emptyOutcome();
    if (format === 'kindle') {
      const reply = await this.deps.kindle.importClippings(user.id, text);
      written.added = reply.items;
    } else {
      const outline = parseOpml(text);
      await this.deps.outliners.importOutline(
        { user, origin: this.deps.publicUrl ?? '' },
        outline,
        row.fileName.replace(/\.(opml|xml)$/i, '') || 'Imported outline',
      );
      written.added = 1;
    }
    await this.deps.db.update(imports).set({ total: 1 }).where(eq(imports.id, row.id));
    await this.progress(row.id, 1, written);
  }

  private async formatOf(given: string | undefined, file: ImportFile): Promise<ImportFormatName> {
    if (given) {
      if (!(IMPORT_FORMAT_NAMES as readonly string[]).includes(given))
        throw new ValidationError(IMPORT_MSG.unknownFormat, 'format');
      return given as ImportFormatName;
    }
    const found = await detectFormat(file).catch((err: unknown) => {
      if (err instanceof ImportFormatError) return undefined;
      throw err;
    });
    if (!found) throw new ValidationError(UNKNOWN_FORMAT_MESSAGE, 'file');
    return found;
  }

  /**
   * Takes the import for this run: not when it ended, nor while another import of the user runs
   * with a fresh heartbeat. A run taking it again after a stopped instance starts the counts over
   * (what the stopped run wrote is found again and merged).
   */
  private async claim(id: number): Promise<ImportRow | 'finished' | 'waiting'> {
    const now = this.deps.clock.now();
    const stale = new Date(now.getTime() - STALE_MS);
    const [taken] = await this.deps.db
      .update(imports)
      .set({
        state: 'running',
        heartbeatAt: now,
        done: 0,
        added: 0,
        merged: 0,
        skipped: 0,
        failed: 0,
        errors: [],
      })
      .where(
        and(
          eq(imports.id, id),
          sql`${imports.state} IN ('queued', 'running')`,
          sql`NOT EXISTS (SELECT 1 FROM imports o WHERE o.user_id = ${imports.userId} AND o.id <> ${imports.id}
                AND o.state = 'running' AND o.heartbeat_at > ${stale.toISOString()}::timestamptz)`,
        ),
      )
      .returning();
    if (taken) return taken;
    const [row] = await this.deps.db.select({ state: imports.state }).from(imports).where(eq(imports.id, id));
    return !row || row.state === 'done' || row.state === 'failed' ? 'finished' : 'waiting';
  }

  private async progress(id: number, done: number, written: Outcome) {
    const problems = written.problems.map((p) => ({ ...p.at, message: p.message }));
    await this.deps.db
      .update(imports)
      .set({
        done,
        added: sql`${imports.added} + ${written.added}`,
        merged: sql`${imports.merged} + ${written.merged}`,
        skipped: sql`${imports.skipped} + ${written.skipped}`,
        failed: sql`${imports.failed} + ${written.failed}`,
        errors: sql`(SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM (
            SELECT e FROM jsonb_array_elements(${imports.errors} || ${JSON.stringify(problems)}::jsonb) AS e
            LIMIT ${IMPORT_ERRORS_KEPT}) kept)`,
        heartbeatAt: this.deps.clock.now(),
      })
      .where(eq(imports.id, id));
  }

  /** Ends the import; its import.finished event carries the status GET /api/import/{job_id} answers. */
  private async finish(id: number, end: { state: 'done' | 'failed'; message?: string }) {
    const row = await this.deps.db.transaction(async (tx) => {
      const [ended] = await tx
        .update(imports)
        .set({ state: end.state, message: end.message ?? null, finishedAt: this.deps.clock.now() })
        .where(eq(imports.id, id))
        .returning();
      if (ended) await this.deps.webhooks.emit(tx, ended.userId, 'import.finished', present(ended));
      return ended;
    });
    if (row?.blobKey) {
      await this.deps.blobs.delete(row.blobKey);
      await this.deps.db.update(imports).set({ blobKey: null }).where(eq(imports.id, id));
    }
  }

  private blobFile(key: string): ImportFile {
    const blobs = this.deps.blobs;
    const open = async (range?: { start: number; end: number }) => {
      const blob = await blobs.get(key, range);
      if (!blob) throw new ImportFormatError('The file of this import is gone.');
      return blob;
    };
    return {
      async *open() {
        yield* (await open()).stream as AsyncIterable<Uint8Array>;
      },
      async size() {
        const blob = await open({ start: 0, end: 0 });
        blob.stream.destroy();
        return blob.size;
      },
      async *slice(start, end) {
        yield* (await open({ start, end })).stream as AsyncIterable<Uint8Array>;
      },
    };
  }
}

async function readText(file: ImportFile, max: number): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of file.open()) {
    size += chunk.length;
    if (size > max)
      throw new ImportFormatError(`The file is too large for this format (at most ${max / 1024 / 1024} MB).`);
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function present(row: ImportRow): ImportStatus {
  const format = row.format as ImportFormatName;
  return {
    job_id: row.id,
    state: row.state as ImportStatus['state'],
    format,
    format_label: formatLabel(format),
    file_name: row.fileName,
    total: row.total,
    done: row.done,
    added: row.added,
    merged: row.merged,
    skipped: row.skipped,
    failed: row.failed,
    errors: row.errors as ImportStatus['errors'],
    message: row.message,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}
