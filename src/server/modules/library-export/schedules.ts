import { and, desc, eq, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  BACKUP_KEEP_MAX,
  type BackupScheduleInput,
  type BackupScheduleReply,
  LIBRARY_EXPORT_MSG,
} from '../../../shared/schemas/library-export.ts';
import type { Db } from '../../db/client.ts';
import { backupSchedules, libraryExports } from '../../db/schema.ts';
import type { BlobStore } from '../../platform/blob-store.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { defineJob, type JobQueue, jobType } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/mailer.ts';
import type { AccountsService } from '../accounts/service.ts';
import { type ExportRun, queueRun } from './runs.ts';

/** How often the due schedules are looked for: a backup starts at most this late. */
export const BACKUP_SWEEP_MS = 15 * 60_000;
const DAY_MS = 24 * 3_600_000;
const PERIOD_MS = { daily: DAY_MS, weekly: 7 * DAY_MS } as const;
/** A file larger than this is kept on the server only (the drives take it from memory). */
export const BACKUP_DRIVE_MAX_BYTES = 200 * 1024 * 1024;
const BATCH = 50;

export const BACKUP_SCHEDULES_JOB = jobType('backup-schedules', z.object({}));

/** The drives a backup can also go to (drives/webdav.ts, drives/google-drive.ts). */
export interface BackupDrive {
  connected(user: { id: number }): Promise<boolean>;
  sendFile(user: { id: number }, fileName: string, contentType: string, body: Buffer): Promise<string>;
}

export interface BackupScheduleDeps {
  db: Db;
  clock: Clock;
  jobs: JobQueue;
  blobs: BlobStore;
  mailer: Mailer;
  accounts: AccountsService;
  drives: { webdav: BackupDrive; google_drive: BackupDrive };
  publicUrl: string;
  log?: (err: unknown, message: string) => void;
}

/** Queues the sweep (main.ts at boot; each run queues the next). */
export function queueBackupSweep(jobs: JobQueue, db: Db, runAt?: Date): Promise<void> {
  return jobs.enqueue(
    db,
    BACKUP_SCHEDULES_JOB,
    {},
    { dedupeKey: 'next', maxAttempts: 1, ...(runAt && { runAt }) },
  );
}

/**
 * Scheduled backups (Settings > Export): a periodic job, run by one instance (the jobs table),
 * takes each due schedule by moving its next time on (a conditional UPDATE: two sweeps never take
 * the same one) and queues a run. When the run ends, the backups past the schedule's last N are
 * removed, the file is copied to the chosen drive, and the result is kept for Settings; a failure
 * is mailed once, not again until a run succeeds.
 */
export class BackupSchedules {
  constructor(private readonly deps: BackupScheduleDeps) {}

  async get(user: { id: number }): Promise<BackupScheduleReply> {
    const [row] = await this.deps.db
      .select()
      .from(backupSchedules)
      .where(eq(backupSchedules.userId, user.id));
    return {
      frequency: (row?.frequency ?? 'off') as BackupScheduleReply['frequency'],
      keep: row?.keep ?? 7,
      destination: (row?.destination ?? 'server') as BackupScheduleReply['destination'],
      next_run_at: row && row.frequency !== 'off' ? row.nextRunAt.toISOString() : null,
      last_run_at: row?.lastRunAt?.toISOString() ?? null,
      last_result: (row?.lastResult ?? null) as BackupScheduleReply['last_result'],
      last_message: row?.lastMessage ?? null,
      drives: {
        webdav: await this.deps.drives.webdav.connected(user),
        google_drive: await this.deps.drives.google_drive.connected(user),
      },
    };
  }

  async set(user: { id: number }, input: BackupScheduleInput): Promise<BackupScheduleReply> {
    if (input.destination !== 'server' && !(await this.deps.drives[input.destination].connected(user)))
      throw new ValidationError(LIBRARY_EXPORT_MSG.driveNotConnected, 'destination');
    const now = this.deps.clock.now();
    const [old] = await this.deps.db
      .select()
      .from(backupSchedules)
      .where(eq(backupSchedules.userId, user.id));
    // the first backup at the next sweep; a changed period counts from the last run
    const next =
      input.frequency === 'off' || !old?.lastRunAt
        ? now
        : new Date(Math.max(now.getTime(), old.lastRunAt.getTime() + PERIOD_MS[input.frequency]));
    const values = {
      frequency: input.frequency,
      keep: input.keep,
      destination: input.destination,
      nextRunAt: next,
      updatedAt: now,
    };
    // the format is the column's default, 'folio' (the tests set another they can run)
    await this.deps.db
      .insert(backupSchedules)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: backupSchedules.userId, set: values });
    if (input.frequency !== 'off') await this.prune(user.id, input.keep);
    return this.get(user);
  }

  definition() {
    return defineJob(BACKUP_SCHEDULES_JOB, async () => {
      try {
        await this.runDue();
      } finally {
        await queueBackupSweep(
          this.deps.jobs,
          this.deps.db,
          new Date(this.deps.clock.now().getTime() + BACKUP_SWEEP_MS),
        );
      }
    });
  }

  /** Queues a run for every due schedule; answers how many. */
  async runDue(): Promise<number> {
    const now = this.deps.clock.now();
    let queued = 0;
    for (;;) {
      const due = await this.deps.db
        .select()
        .from(backupSchedules)
        .where(and(ne(backupSchedules.frequency, 'off'), lte(backupSchedules.nextRunAt, now)))
        .orderBy(backupSchedules.nextRunAt)
        .limit(BATCH);
      if (due.length === 0) return queued;
      for (const s of due) {
        const period = PERIOD_MS[s.frequency as 'daily' | 'weekly'];
        // a server that was down does not run the missed ones: the next is a period from now at most
        const steps = Math.max(1, Math.ceil((now.getTime() - s.nextRunAt.getTime() + 1) / period));
        const next = new Date(s.nextRunAt.getTime() + steps * period);
        const took = await this.deps.db.transaction(async (tx) => {
          const [taken] = await tx
            .update(backupSchedules)
            .set({ nextRunAt: next })
            .where(and(eq(backupSchedules.userId, s.userId), eq(backupSchedules.nextRunAt, s.nextRunAt)))
            .returning();
          if (!taken) return false;
          await queueRun(tx, this.deps.jobs, { userId: s.userId, format: s.format, scheduled: true, now });
          return true;
        });
        if (took) queued += 1;
      }
    }
  }

  /** A scheduled run ended (LibraryExportService): retention, the drive copy, the result, the mail. */
  async finished(run: ExportRun): Promise<void> {
    const [schedule] = await this.deps.db
      .select()
      .from(backupSchedules)
      .where(eq(backupSchedules.userId, run.userId));
    if (!schedule) return;
    let ok = run.state === 'ready';
    let message = ok ? 'Kept on the server.' : (run.message ?? LIBRARY_EXPORT_MSG.failed);
    if (ok && schedule.destination !== 'server') {
      const destination = schedule.destination as 'webdav' | 'google_drive';
      try {
        const where = await this.sendToDrive(run, destination);
        message = `Kept on the server and sent to ${destination === 'webdav' ? 'WebDAV' : 'Google Drive'}: ${where}`;
      } catch (err) {
        this.deps.log?.(err, 'scheduled backup not sent to the drive');
        ok = false;
        const reason = err instanceof AppError ? err.message : 'the drive did not answer.';
        message = `Kept on the server, but not sent to ${destination === 'webdav' ? 'WebDAV' : 'Google Drive'}: ${reason}`;
      }
    }
    await this.deps.db.update(libraryExports).set({ message }).where(eq(libraryExports.id, run.id));
    const mail = !ok && !schedule.failureMailed;
    await this.deps.db
      .update(backupSchedules)
      .set({
        lastRunAt: run.finishedAt ?? this.deps.clock.now(),
        lastResult: ok ? 'ok' : 'failed',
        lastMessage: message,
        failureMailed: ok ? false : schedule.failureMailed || mail,
      })
      .where(eq(backupSchedules.userId, run.userId));
    if (ok) await this.prune(run.userId, schedule.keep);
    if (mail) await this.mailFailure(run.userId, message);
  }

  private async sendToDrive(run: ExportRun, destination: 'webdav' | 'google_drive'): Promise<string> {
    if (run.bytes > BACKUP_DRIVE_MAX_BYTES)
      throw new AppError(400, `the backup is larger than ${BACKUP_DRIVE_MAX_BYTES / 1024 / 1024} MB.`);
    const blob = await this.deps.blobs.get(run.blobKey!);
    if (!blob) throw new AppError(400, 'the backup file is gone.');
    const chunks: Buffer[] = [];
    for await (const chunk of blob.stream) chunks.push(chunk as Buffer);
    const day = (run.finishedAt ?? run.createdAt).toISOString().replace(/[:]/g, '-').slice(0, 16);
    const extension = run.blobKey!.slice(run.blobKey!.lastIndexOf('.'));
    return this.deps.drives[destination].sendFile(
      { id: run.userId },
      `folio-backup-${day}${extension}`,
      blob.contentType,
      Buffer.concat(chunks),
    );
  }

  /** Keeps the newest `keep` ready scheduled backups; older ones go with their files. */
  private async prune(userId: number, keep: number): Promise<void> {
    const old = await this.deps.db
      .select({ id: libraryExports.id, key: libraryExports.blobKey })
      .from(libraryExports)
      .where(
        and(
          eq(libraryExports.userId, userId),
          eq(libraryExports.scheduled, true),
          eq(libraryExports.state, 'ready'),
        ),
      )
      .orderBy(desc(libraryExports.id))
      .offset(Math.min(keep, BACKUP_KEEP_MAX));
    for (const row of old) {
      await this.deps.db.delete(libraryExports).where(eq(libraryExports.id, row.id));
      if (row.key) await this.deps.blobs.delete(row.key);
    }
    // failed scheduled runs beyond the listed ones say nothing more
    await this.deps.db.execute(sql`
      DELETE FROM library_exports WHERE user_id = ${userId} AND scheduled AND state = 'failed'
        AND id NOT IN (SELECT id FROM library_exports WHERE user_id = ${userId} AND scheduled
                       ORDER BY id DESC LIMIT ${Math.min(keep, BACKUP_KEEP_MAX)})`);
  }

  private async mailFailure(userId: number, message: string) {
    const user = await this.deps.accounts.findUser(userId);
    if (!user?.email) return;
    const settings = `${this.deps.publicUrl.replace(/\/$/, '')}/setting#export`;
    await this.deps.mailer
      .send({
        to: user.email,
        subject: 'Your Folio backup did not complete',
        text:
          `Hello ${user.name},\n\nYour scheduled Folio backup did not complete:\n\n${message}\n\n` +
          `Settings > Export shows each run: ${settings}\n\n` +
          'We will not write again about this until a backup succeeds.\n',
      })
      .catch((err: unknown) => this.deps.log?.(err, 'backup failure mail not sent'));
  }
}
