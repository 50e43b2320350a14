import { z } from 'zod';
import { id } from './fields.ts';

/** The whole-library downloads (docs/library-export.md); `folio` is the backup (docs/backup-format.md). */
export const LIBRARY_FORMAT_NAMES = [
  'folio',
  'netscape',
  'markdown',
  'opml',
  'annotations',
  'readwise',
] as const;
export type LibraryFormatName = (typeof LIBRARY_FORMAT_NAMES)[number];

/** Each format as Settings > Export shows it. */
export const LIBRARY_FORMAT_LABELS: Record<LibraryFormatName, { label: string; hint: string }> = {
  folio: { label: 'Folio backup', hint: 'Everything, files included; restores through Import' },
  netscape: {
    label: 'Bookmarks HTML',
    hint: 'For browsers and other bookmark services; outliners as folders',
  },
  markdown: {
    label: 'Markdown vault',
    hint: 'For Obsidian and Logseq: a file per item, highlights and notes',
  },
  opml: { label: 'OPML outliners', hint: 'Every outliner as one OPML 2.0 outline' },
  annotations: { label: 'Annotations (W3C JSON-LD)', hint: 'Every highlight and note as Web Annotations' },
  readwise: { label: 'Readwise CSV', hint: "Highlights in Readwise's CSV import columns" },
};

/** An export asked for by hand is downloadable this long after it is ready. */
export const LIBRARY_EXPORT_TTL_MS = 24 * 3_600_000;
/** Settings > Export lists this many runs. */
export const LIBRARY_EXPORTS_LISTED = 20;
export const BACKUP_KEEP_MAX = 30;

export const LIBRARY_EXPORT_MSG = {
  unknownFormat: `format must be one of ${LIBRARY_FORMAT_NAMES.join(', ')}.`,
  notAvailable: (name: string) => `The ${name} format is not available on this server yet.`,
  noSuchExport: 'No such export.',
  notReady: 'This export is not ready.',
  expired: 'This export has expired; start a new one.',
  running: 'An export of this format is already running.',
  driveNotConnected: 'Connect this drive in Settings > Connected drives first.',
  failed: 'The export stopped on an error.',
} as const;

export const LIBRARY_EXPORT_STATES = ['queued', 'running', 'ready', 'failed', 'expired'] as const;

export const startLibraryExportSchema = z.object({
  format: z.enum(LIBRARY_FORMAT_NAMES, { error: LIBRARY_EXPORT_MSG.unknownFormat }),
});
export type StartLibraryExportInput = z.output<typeof startLibraryExportSchema>;
export const startLibraryExportReplySchema = z.object({ job_id: z.number().int() });

export const libraryExportParamsSchema = z.object({ job_id: id('job_id') });

export const libraryExportStatusSchema = z.object({
  job_id: z.number().int(),
  /** one of LIBRARY_FORMAT_NAMES, or the name a run of an older release was made in */
  format: z.string(),
  state: z.enum(LIBRARY_EXPORT_STATES),
  bytes: z.number().int(),
  /** where the file downloads from while it is ready (its owner only) */
  download_url: z.string().nullable(),
  /** made by the backup schedule (kept until the schedule's last N) */
  scheduled: z.boolean(),
  /** why it failed, or where a scheduled backup was also sent */
  message: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type LibraryExportStatus = z.infer<typeof libraryExportStatusSchema>;

export const libraryFormatInfoSchema = z.object({
  name: z.enum(LIBRARY_FORMAT_NAMES),
  label: z.string(),
  hint: z.string(),
  extension: z.string(),
});

export const libraryExportListSchema = z.object({
  /** the formats this server writes */
  formats: z.array(libraryFormatInfoSchema),
  /** the last runs, newest first */
  exports: z.array(libraryExportStatusSchema),
});
export type LibraryExportList = z.infer<typeof libraryExportListSchema>;

export const BACKUP_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export const BACKUP_DESTINATIONS = ['server', 'webdav', 'google_drive'] as const;

export const backupScheduleSchema = z.object({
  frequency: z.enum(BACKUP_FREQUENCIES, { error: 'frequency must be off, daily or weekly.' }),
  keep: z.coerce
    .number({ error: `keep must be a number from 1 to ${BACKUP_KEEP_MAX}.` })
    .int(`keep must be a number from 1 to ${BACKUP_KEEP_MAX}.`)
    .min(1, `keep must be a number from 1 to ${BACKUP_KEEP_MAX}.`)
    .max(BACKUP_KEEP_MAX, `keep must be a number from 1 to ${BACKUP_KEEP_MAX}.`),
  destination: z.enum(BACKUP_DESTINATIONS, { error: 'destination must be server, webdav or google_drive.' }),
});
export type BackupScheduleInput = z.output<typeof backupScheduleSchema>;

export const backupScheduleReplySchema = z.object({
  frequency: z.enum(BACKUP_FREQUENCIES),
  keep: z.number().int(),
  destination: z.enum(BACKUP_DESTINATIONS),
  next_run_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
  last_result: z.enum(['ok', 'failed']).nullable(),
  last_message: z.string().nullable(),
  /** the drives the user has connected (the destination choices besides the server) */
  drives: z.object({ webdav: z.boolean(), google_drive: z.boolean() }),
});
export type BackupScheduleReply = z.infer<typeof backupScheduleReplySchema>;
