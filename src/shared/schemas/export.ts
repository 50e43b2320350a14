import { z } from 'zod';
import { linkIdsField } from './items.ts';

/**
 * Export (spec part 1 §2, §9; issue 18): the selection as a PDF, a Word document or Markdown, and
 * its HTML preview (the Export modal's Preview, Copy, Generate Report and Export to note).
 */
export const EXPORT_FORMATS = ['pdf', 'doc', 'md'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The files' names (spec part 1 §9); several items as Markdown are a zip of .md files. The Word file
 * is a .docx, so it is named so, not export.doc as in the spec: Word warns of a .doc name on .docx
 * bytes (docs/decisions.md).
 */
export const EXPORT_FILE_NAMES = {
  pdf: 'export.pdf',
  doc: 'export.docx',
  md: 'export.md',
  mdZip: 'export.zip',
} as const;

/** PDF pictures fit 200x200; Word pictures are at most 624 px wide (spec part 1 §9). */
export const EXPORT_PDF_IMAGE_BOX = 200;
export const EXPORT_WORD_IMAGE_MAX_WIDTH = 624;

/** link_ids comma-separated (or an array), as the original client sends them. */
export const exportItemsSchema = z.object({
  link_ids: linkIdsField,
  format: z.enum(EXPORT_FORMATS, { error: 'format must be pdf, doc or md.' }),
});
export type ExportItemsInput = z.output<typeof exportItemsSchema>;

export const exportPreviewSchema = z.object({ link_ids: linkIdsField });
export type ExportPreviewInput = z.output<typeof exportPreviewSchema>;

export const exportPreviewReplySchema = z.object({
  code: z.literal(1),
  /** a suggested title for a report */
  title: z.string(),
  /** the items with their highlights and notes as simple HTML (every text escaped) */
  html: z.string(),
  /** the same as plain text (the clipboard's text/plain) */
  text: z.string(),
});
export type ExportPreviewReply = z.infer<typeof exportPreviewReplySchema>;

/** Export to note (spec part 1 §3): the note save payload the Export modal sends. */
export const EXPORT_NOTE = {
  title: 'Export from library',
  note_type: 'rich',
  mode: 'private',
  tags: 'export_to_note',
  link_id: '',
} as const;
