import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KindleImportReply } from '../../shared/schemas/annotations.ts';
import { ApiError, GENERIC_FAILURE } from './client.ts';
import { invalidateLibrary } from './items.ts';

/**
 * POST /item/import/kindle with the file in the multipart field `file`. XMLHttpRequest rather than
 * fetch, because only it reports upload progress; `onProgress` gets 0..1.
 */
export function importKindleClippings(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<KindleImportReply> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/item/import/kindle');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const data = xhr.response as (Partial<KindleImportReply> & { message?: string; field?: string }) | null;
      if (xhr.status >= 200 && xhr.status < 300 && data && data.code === 1) {
        onProgress(1);
        resolve({
          code: 1,
          items: data.items ?? 0,
          highlights: data.highlights ?? 0,
          stickyNotes: data.stickyNotes ?? 0,
        });
      } else {
        reject(new ApiError(data?.message ?? GENERIC_FAILURE, xhr.status, data?.field, data?.code));
      }
    };
    xhr.onerror = () => reject(new ApiError(GENERIC_FAILURE, 0));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** The import refreshes every list (new kindle items) and the user's counts. */
export function useImportKindle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; onProgress: (fraction: number) => void; signal?: AbortSignal }) =>
      importKindleClippings(input.file, input.onProgress, input.signal),
    // not awaited: the result shows at once while the lists refresh behind the modal
    onSuccess: () => {
      void invalidateLibrary(client);
    },
  });
}
