import { PDF_MAX_BYTES } from '../../../shared/limits.ts';
import { UPLOAD_MSG } from '../../../shared/schemas/values.ts';

/**
 * The upload modal's list of files (spec part 1 §3 Upload file entry, §4 upload status, §5 checks) as
 * a pure reducer: what may be added, removed, sent and retried lives here, not in the component.
 */
export type UploadKind = 'pdf' | 'image';

export const UPLOAD_STATUS = { pending: 0, uploading: 1, done: 2, failed: -1, limit: -2 } as const;
export type UploadStatus = (typeof UPLOAD_STATUS)[keyof typeof UPLOAD_STATUS];

/** What the checks read of a File; tests pass plain objects. */
export interface FileFacts {
  name: string;
  size: number;
  type: string;
  lastModified: number;
}

export interface UploadEntry<F extends FileFacts = File> {
  hash: string;
  file: F;
  errorMsg: string;
  /** 0..100 */
  progress: number;
  uploadStatus: UploadStatus;
  /** false when a client check refused the file: it is shown with its error and never sent */
  valid: boolean;
}

export type FileListAction<F extends FileFacts = File> =
  | { type: 'add'; files: readonly F[]; kind: UploadKind }
  | { type: 'remove'; hash: string }
  | { type: 'start'; hash: string }
  | { type: 'progress'; hash: string; progress: number }
  | { type: 'done'; hash: string }
  | { type: 'failed'; hash: string; message: string }
  | { type: 'limit'; hash: string; message: string }
  | { type: 'retryFailed' }
  | { type: 'clear' };

export const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'gif', 'bmp'] as const;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp'];

/** The duplicate key: a hash of modified time, size and name (FNV-1a, 32 bits, as hex). */
export function fileHash(file: FileFacts): string {
  const text = `${file.lastModified}|${file.size}|${file.name}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isImageFile(file: FileFacts): boolean {
  const ext = extension(file.name);
  if (ext) return (IMAGE_EXTENSIONS as readonly string[]).includes(ext);
  return IMAGE_TYPES.includes(file.type.toLowerCase());
}

/**
 * The client check of one file: `null` to ignore it silently (an image of another type), '' when it
 * may be sent, else the error shown on its row.
 */
export function checkFile(file: FileFacts, kind: UploadKind): string | null {
  if (kind === 'image') return isImageFile(file) ? '' : null;
  if (file.type !== 'application/pdf') return UPLOAD_MSG.notPdf;
  if (file.size >= PDF_MAX_BYTES) return UPLOAD_MSG.tooLarge;
  return '';
}

/** Image uploads are named with a _1 suffix before the extension (spec part 1 §5). */
export function imageUploadName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)}_1${name.slice(dot)}` : `${name}_1`;
}

function patch<F extends FileFacts>(
  entries: UploadEntry<F>[],
  hash: string,
  change: (e: UploadEntry<F>) => UploadEntry<F>,
): UploadEntry<F>[] {
  return entries.map((e) => (e.hash === hash ? change(e) : e));
}

export function fileListReducer<F extends FileFacts>(
  entries: UploadEntry<F>[],
  action: FileListAction<F>,
): UploadEntry<F>[] {
  switch (action.type) {
    case 'add': {
      const seen = new Set(entries.map((e) => e.hash));
      const added: UploadEntry<F>[] = [];
      for (const file of action.files) {
        const hash = fileHash(file);
        if (seen.has(hash)) continue;
        const error = checkFile(file, action.kind);
        if (error === null) continue;
        seen.add(hash);
        added.push({ hash, file, errorMsg: error, progress: 0, uploadStatus: 0, valid: error === '' });
      }
      return added.length ? [...entries, ...added] : entries;
    }
    case 'remove':
      return entries.filter((e) => e.hash !== action.hash || !isRemovable(e));
    case 'start':
      return patch(entries, action.hash, (e) =>
        e.valid && e.uploadStatus === 0 ? { ...e, uploadStatus: 1, progress: 0, errorMsg: '' } : e,
      );
    case 'progress':
      return patch(entries, action.hash, (e) =>
        e.uploadStatus === 1
          ? { ...e, progress: Math.max(e.progress, Math.min(100, Math.round(action.progress))) }
          : e,
      );
    case 'done':
      return patch(entries, action.hash, (e) => ({ ...e, uploadStatus: 2, progress: 100, errorMsg: '' }));
    case 'failed':
      return patch(entries, action.hash, (e) => ({ ...e, uploadStatus: -1, errorMsg: action.message }));
    case 'limit':
      return patch(entries, action.hash, (e) => ({ ...e, uploadStatus: -2, errorMsg: action.message }));
    case 'retryFailed':
      // done and uploading files are skipped; failed and limit-reached ones go back to pending
      return entries.map((e) =>
        e.uploadStatus === -1 || e.uploadStatus === -2
          ? { ...e, uploadStatus: 0, progress: 0, errorMsg: '' }
          : e,
      );
    case 'clear':
      return [];
  }
}

/** Only pending files may be removed (spec part 1 §4). */
export function isRemovable(entry: UploadEntry<FileFacts>): boolean {
  return entry.uploadStatus === 0;
}

/** Files the next batch sends: valid and pending. */
export function toUpload<F extends FileFacts>(entries: UploadEntry<F>[]): UploadEntry<F>[] {
  return entries.filter((e) => e.valid && e.uploadStatus === 0);
}

/** The upload button is disabled while no valid file waits. */
export function canUpload(entries: UploadEntry<FileFacts>[]): boolean {
  return toUpload(entries).length > 0;
}

export function hasFailures(entries: UploadEntry<FileFacts>[]): boolean {
  return entries.some((e) => e.uploadStatus === -1 || e.uploadStatus === -2);
}
