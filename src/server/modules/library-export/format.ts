import type { Writable } from 'node:stream';

/** The whole-library downloads of `POST /api/export/library` (docs/backup-format.md for `folio`). */
export type LibraryFormatName = 'folio' | 'netscape' | 'markdown' | 'opml' | 'annotations' | 'readwise';

/**
 * One whole-library format. The export job opens the blob the download is stored in and hands its
 * stream to `write`, which streams the user's library into it a batch at a time (never the whole
 * library in memory) and resolves once everything is written (without ending `out`).
 */
export interface LibraryFormat {
  name: LibraryFormatName;
  /** the download's file name ending, without the dot: 'zip', 'html', 'opml', 'jsonld', 'csv' */
  extension: string;
  contentType: string;
  write(userId: number, out: Writable): Promise<void>;
}
