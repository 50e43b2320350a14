import type { CallReply } from '../../../shared/api/define.ts';
import { uploadCalls } from '../../../shared/api/uploads.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { UPLOAD_MSG } from '../../../shared/schemas/values.ts';
import { ApiError, GENERIC_FAILURE, uploadCall } from '../../api/client.ts';
import { imageUploadName, type UploadKind } from './file-list.ts';

/** What the batch sends with every file (spec part 1 §3 File upload form). */
export interface UploadFields {
  tags: string;
  description: string;
  private: boolean;
  unread: boolean;
  /** comma-separated outliner ids */
  lists: string;
  /** comma-separated group names */
  groups: string;
}

/** PDFs go to the generic file call; images to the image call (spec part 1 §7). */
function send(kind: UploadKind, form: FormData, opts: Parameters<typeof uploadCall>[2]) {
  return kind === 'pdf'
    ? uploadCall(uploadCalls.save, { form }, opts)
    : uploadCall(uploadCalls.saveImage, { query: {}, form }, opts);
}

export type UploadOutcome =
  | { kind: 'done'; items: ItemReply[] }
  | { kind: 'limit'; message: string }
  | { kind: 'failed'; message: string };

/** An item upload's reply, read defensively (a reply without items is a failure). */
type UploadReply = Partial<CallReply<typeof uploadCalls.save>> & { code?: number };

/**
 * Reads the server's answer to one file (spec part 1 §8): code -2 is the plan's limit, an image's code
 * -1000 is 'Upload error', no answer at all is a network failure, a reply without items a failure with
 * the server's own message when it gives one.
 */
export function readUploadReply(kind: UploadKind, result: UploadReply | ApiError): UploadOutcome {
  if (result instanceof ApiError && result.status === 0)
    return { kind: 'failed', message: UPLOAD_MSG.failed };
  if (result.code === -2) {
    return { kind: 'limit', message: kind === 'pdf' ? UPLOAD_MSG.pdfLimit : UPLOAD_MSG.imageLimit };
  }
  if (kind === 'image' && result.code === -1000) return { kind: 'failed', message: UPLOAD_MSG.imageError };
  if (result instanceof ApiError) {
    return {
      kind: 'failed',
      message: result.message === GENERIC_FAILURE ? UPLOAD_MSG.failed : result.message,
    };
  }
  if (Array.isArray(result.items) && result.items.length > 0) return { kind: 'done', items: result.items };
  return { kind: 'failed', message: UPLOAD_MSG.failed };
}

/** The multipart form: fields first, so a streaming server reads them before the file's bytes. */
export function uploadForm(kind: UploadKind, file: Blob & { name: string }, fields: UploadFields): FormData {
  const name = kind === 'image' ? imageUploadName(file.name) : file.name;
  const form = new FormData();
  form.append('qqfilename', name);
  form.append('dtype', kind);
  form.append('tags', fields.tags);
  form.append('description', fields.description);
  form.append('private', fields.private ? '1' : '0');
  form.append('unread', fields.unread ? '1' : '0');
  form.append('lists', fields.lists);
  form.append('groups', fields.groups);
  form.append('qqfile', file, name);
  return form;
}

/** Sends one file with its progress (0..100). Resolves with the outcome; never rejects. */
export async function sendUpload(opts: {
  kind: UploadKind;
  file: File;
  fields: UploadFields;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}): Promise<UploadOutcome> {
  try {
    const reply = await send(opts.kind, uploadForm(opts.kind, opts.file, opts.fields), {
      onProgress: (fraction) => opts.onProgress(fraction * 100),
      signal: opts.signal,
    });
    return readUploadReply(opts.kind, reply as UploadReply);
  } catch (err) {
    // a cancelled upload reads as no answer
    return readUploadReply(opts.kind, err instanceof ApiError ? err : new ApiError(GENERIC_FAILURE, 0));
  }
}
