import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { importCalls } from '../../shared/api/import.ts';
import type { ImportStatus } from '../../shared/schemas/import.ts';
import { itemChanges } from './cache.ts';
import { call, uploadCall } from './client.ts';
import { queryKeys } from './keys.ts';

/** While an import is queued or running, its progress is read again this often. */
const POLL_MS = 1_000;

export const isRunning = (status: ImportStatus | undefined) =>
  status?.state === 'queued' || status?.state === 'running';

/** Sends the file (with its upload progress, 0..1); the server answers at once with the job. */
export function useStartImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      file: File;
      format: string;
      onProgress: (fraction: number) => void;
      signal?: AbortSignal;
    }) => {
      const form = new FormData();
      form.append('format', input.format);
      form.append('file', input.file, input.file.name);
      return uploadCall(importCalls.start, { form }, { onProgress: input.onProgress, signal: input.signal });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.importsRoot }),
  });
}

/** The user's recent imports: a running one is shown again after a reload or in another tab. */
export function useImports() {
  return useQuery({
    queryKey: queryKeys.importsRoot,
    queryFn: () => call(importCalls.list),
  });
}

/**
 * One import's progress, read every second until it ends; when it ends the library's lists,
 * tags and outliners are refreshed once.
 */
export function useImportStatus(jobId: number | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: queryKeys.importStatus(jobId ?? 0),
    enabled: jobId !== null,
    queryFn: async () => {
      const before = client.getQueryData<ImportStatus>(queryKeys.importStatus(jobId!));
      const status = await call(importCalls.status, { params: { job_id: jobId! } });
      if (isRunning(before) && !isRunning(status)) {
        void itemChanges.created(client);
        void client.invalidateQueries({ queryKey: queryKeys.outlinersRoot });
      }
      return status;
    },
    refetchInterval: (query) => (isRunning(query.state.data) || !query.state.data ? POLL_MS : false),
  });
}
