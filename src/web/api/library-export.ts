import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { urlOf } from '../../shared/api/define.ts';
import { libraryExportCalls } from '../../shared/api/library-export.ts';
import type {
  BackupScheduleInput,
  LibraryExportList,
  LibraryExportStatus,
  LibraryFormatName,
} from '../../shared/schemas/library-export.ts';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

/** While an export is on its way, the list is read again this often. */
const POLL_MS = 1_000;

export const isExportRunning = (e: LibraryExportStatus) => e.state === 'queued' || e.state === 'running';

/** The formats this server writes and the last exports; polled while one is being made. */
export function useLibraryExports() {
  return useQuery({
    queryKey: queryKeys.libraryExports,
    queryFn: () => call(libraryExportCalls.list),
    refetchInterval: (query) =>
      (query.state.data as LibraryExportList | undefined)?.exports.some(isExportRunning) ? POLL_MS : false,
  });
}

export function useStartLibraryExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (format: LibraryFormatName) => call(libraryExportCalls.start, { body: { format } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.libraryExports }),
  });
}

/** Where a ready export downloads from (its owner's session only). */
export const libraryExportDownloadUrl = (jobId: number) =>
  urlOf(libraryExportCalls.download, { params: { job_id: jobId } });

export function useBackupSchedule() {
  return useQuery({ queryKey: queryKeys.backupSchedule, queryFn: () => call(libraryExportCalls.schedule) });
}

export function useSetBackupSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BackupScheduleInput) => call(libraryExportCalls.setSchedule, { body }),
    onSuccess: (reply) => client.setQueryData(queryKeys.backupSchedule, reply),
  });
}
