import type { UploadKind } from '../uploads/file-list.ts';

/** Where the service worker leaves the files of a share (service-worker.js SHARE_INBOX). */
const INBOX = 'folio-share-inbox';

export interface SharedFile {
  kind: UploadKind;
  file: File;
}

/** The files the share sheet sent, PDFs and pictures only, taken out of the inbox (read once). */
export async function takeSharedFiles(): Promise<SharedFile[]> {
  if (!('caches' in window) || !(await caches.has(INBOX))) return [];
  const inbox = await caches.open(INBOX);
  const files: SharedFile[] = [];
  for (const request of await inbox.keys()) {
    const response = await inbox.match(request);
    if (!response) continue;
    const type = response.headers.get('content-type') ?? '';
    const name = decodeURIComponent(response.headers.get('x-file-name') ?? 'shared');
    const file = new File([await response.blob()], name, { type });
    if (type === 'application/pdf') files.push({ kind: 'pdf', file });
    else if (type.startsWith('image/')) files.push({ kind: 'image', file });
  }
  await caches.delete(INBOX);
  return files;
}
