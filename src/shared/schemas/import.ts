import { z } from 'zod';
import { emptyToUndefined, id } from './fields.ts';

/** The formats POST /api/import reads (recognised from the content when `format` is empty). */
export const IMPORT_FORMAT_NAMES = [
  'netscape',
  'pocket_csv',
  'pocket_zip',
  'pinboard',
  'instapaper',
  'raindrop',
  'readwise_reader',
  'readwise_highlights',
  'karakeep',
  'linkwarden',
  'wallabag',
  'omnivore',
  'hypothesis',
  'diigo_csv',
  'diigo_zip',
  'kindle',
  'opml',
  'folio',
] as const;
export type ImportFormatName = (typeof IMPORT_FORMAT_NAMES)[number];

/** Each format as people know it (the import form's choices, the progress line). */
export const IMPORT_FORMAT_LABELS: Record<ImportFormatName, string> = {
  netscape: 'Bookmarks HTML (browsers, Pocket, Pinboard, Raindrop, Karakeep, Linkwarden, Diigo)',
  pocket_csv: 'Pocket CSV',
  pocket_zip: 'Pocket zip',
  pinboard: 'Pinboard JSON',
  instapaper: 'Instapaper CSV',
  raindrop: 'Raindrop CSV',
  readwise_reader: 'Readwise Reader CSV',
  readwise_highlights: 'Readwise highlights CSV',
  karakeep: 'Karakeep JSON',
  linkwarden: 'Linkwarden backup.json',
  wallabag: 'Wallabag JSON',
  omnivore: 'Omnivore zip',
  hypothesis: 'Hypothesis JSON',
  diigo_csv: 'Diigo CSV',
  diigo_zip: 'Diigo zip',
  kindle: "Kindle 'My Clippings.txt'",
  opml: 'OPML outline',
  folio: 'Folio backup',
};

/** An import file is at most this large (a 10,000-bookmark export is a few MB; Omnivore zips with pages more). */
export const IMPORT_MAX_BYTES = 200 * 1024 * 1024;
/**
 * A Folio backup (a zip holding the library's files) may be this large, a zip's limit without ZIP64
 * (docs/backup-format.md); other files stay under IMPORT_MAX_BYTES.
 */
export const BACKUP_IMPORT_MAX_BYTES = 4 * 1024 * 1024 * 1024 - 1;
/** The summary keeps the first this many problems. */
export const IMPORT_ERRORS_KEPT = 500;

export const IMPORT_MSG = {
  fileMissing: 'Choose a file to import.',
  tooLarge: `The file is too large (at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB; a Folio backup 4 GB).`,
  unknownFormat: 'Unknown format. Leave it empty to recognise the file from its content.',
  noSuchImport: 'No such import.',
} as const;

export const IMPORT_STATES = ['queued', 'running', 'done', 'failed'] as const;

export const startImportFieldsSchema = z.object({
  format: z.preprocess(
    emptyToUndefined,
    z.enum(IMPORT_FORMAT_NAMES, { error: IMPORT_MSG.unknownFormat }).optional(),
  ),
});

export const startImportReplySchema = z.object({ job_id: z.number().int() });

export const importParamsSchema = z.object({ job_id: id('job_id') });
export type ImportParamsInput = z.output<typeof importParamsSchema>;

export const importProblemSchema = z.object({
  line: z.number().int().optional(),
  entry: z.number().int().optional(),
  message: z.string(),
});

export const importStatusSchema = z.object({
  job_id: z.number().int(),
  state: z.enum(IMPORT_STATES),
  format: z.enum(IMPORT_FORMAT_NAMES),
  /** the format's name as people know it */
  format_label: z.string(),
  file_name: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  added: z.number().int(),
  merged: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  errors: z.array(importProblemSchema),
  /** why the whole import failed */
  message: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportStatus = z.infer<typeof importStatusSchema>;

export const importListReplySchema = z.object({ imports: z.array(importStatusSchema) });
