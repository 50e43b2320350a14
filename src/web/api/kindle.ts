import { useMutation, useQueryClient } from '@tanstack/react-query';
import { annotationCalls } from '../../shared/api/annotations.ts';
import type { KindleImportReply } from '../../shared/schemas/annotations.ts';
import { itemChanges } from './cache.ts';
import { ApiError, GENERIC_FAILURE, uploadCall } from './client.ts';

/** The Kindle import with the file in the multipart field `file`; `onProgress` gets 0..1. */
export async function importKindleClippings(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<KindleImportReply> {
  const form = new FormData();
  form.append('file', file, file.name);
  const data: Partial<KindleImportReply> = await uploadCall(
    annotationCalls.importKindle,
    { form },
    { onProgress, signal },
  );
  if (data.code !== 1) throw new ApiError(GENERIC_FAILURE, 200, undefined, data.code);
  return {
    code: 1,
    items: data.items ?? 0,
    highlights: data.highlights ?? 0,
    stickyNotes: data.stickyNotes ?? 0,
  };
}

/** The import adds kindle items: lists, tags and the user's counts refresh. */
export function useImportKindle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; onProgress: (fraction: number) => void; signal?: AbortSignal }) =>
      importKindleClippings(input.file, input.onProgress, input.signal),
    // not awaited: the result shows at once while the lists refresh behind the modal
    onSuccess: () => {
      void itemChanges.created(client);
    },
  });
}
