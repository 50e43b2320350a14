import type { ItemReply } from '../../../shared/schemas/items.ts';
import { UPLOAD_MSG } from '../../../shared/schemas/uploads.ts';
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
export const UPLOAD_URL: Record<UploadKind, string> = {
  pdf: '/item/save',
  image: '/item/save/image',
};

export type UploadOutcome =
  | { kind: 'done'; items: ItemReply[] }
  | { kind: 'limit'; message: string }
  | { kind: 'failed'; message: string };

interface ReplyBody {
  code?: number;
  message?: string;
  items?: ItemReply[];
}

/**
 * Reads the server's answer to one file (spec part 1 §8): code -2 is the plan's limit, an image's code
 * -1000 is 'Upload error', no answer at all is a network failure, a reply without items a failure with
 * the server's own message when it gives one.
 */
export function readUploadReply(kind: UploadKind, status: number, body: unknown): UploadOutcome {
  if (status === 0) return { kind: 'failed', message: UPLOAD_MSG.failed };
  const reply = (body && typeof body === 'object' ? body : {}) as ReplyBody;
  if (reply.code === -2) {
    return { kind: 'limit', message: kind === 'pdf' ? UPLOAD_MSG.pdfLimit : UPLOAD_MSG.imageLimit };
  }
  if (kind === 'image' && reply.code === -1000) return { kind: 'failed', message: UPLOAD_MSG.imageError };
  if (status >= 200 && status < 300 && Array.isArray(reply.items) && reply.items.length > 0) {
    return { kind: 'done', items: reply.items };
  }
  return { kind: 'failed', message: reply.message || UPLOAD_MSG.failed };
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

/**
 * Sends one file with XMLHttpRequest, the only browser call that reports upload progress (fetch
 * does not). Resolves with the outcome; never rejects.
 */
export function sendUpload(opts: {
  kind: UploadKind;
  file: File;
  fields: UploadFields;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
}): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', UPLOAD_URL[opts.kind]);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) opts.onProgress((event.loaded / event.total) * 100);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve(readUploadReply(opts.kind, xhr.status, body));
    };
    const failed = () => resolve(readUploadReply(opts.kind, 0, null));
    xhr.onerror = failed;
    xhr.onabort = failed;
    xhr.ontimeout = failed;
    opts.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(uploadForm(opts.kind, opts.file, opts.fields));
  });
}
