import {
  backupScheduleReplySchema,
  backupScheduleSchema,
  LIBRARY_FORMAT_NAMES,
  libraryExportListSchema,
  libraryExportParamsSchema,
  libraryExportStatusSchema,
  startLibraryExportReplySchema,
  startLibraryExportSchema,
} from '../schemas/library-export.ts';
import { defineCall } from './define.ts';

/** The whole library as a file to take elsewhere, and the scheduled backups (docs/library-export.md). */
export const libraryExportCalls = {
  start: defineCall({
    method: 'POST',
    path: '/api/export/library',
    summary:
      `Export the whole library (format ${LIBRARY_FORMAT_NAMES.join(', ')}); answers {job_id} at once, ` +
      'the file is made in the background; a format this server does not write is a 400',
    caller: 'session',
    body: startLibraryExportSchema,
    reply: startLibraryExportReplySchema,
  }),
  list: defineCall({
    method: 'GET',
    path: '/api/export/library',
    summary: "The formats this server writes and the user's last library exports, newest first",
    caller: 'session',
    reply: libraryExportListSchema,
  }),
  status: defineCall({
    method: 'GET',
    path: '/api/export/library/:job_id',
    summary: "A library export's state, size and, while ready, its download address",
    caller: 'session',
    params: libraryExportParamsSchema,
    reply: libraryExportStatusSchema,
  }),
  download: defineCall({
    method: 'GET',
    path: '/api/export/library/:job_id/download',
    summary:
      "A ready library export's file (its owner only; an export asked for by hand for 24 hours, a scheduled " +
      'backup while the schedule keeps it)',
    caller: 'session',
    params: libraryExportParamsSchema,
    produces: 'application/octet-stream',
  }),
  netscape: defineCall({
    method: 'GET',
    path: '/api/export/netscape',
    summary: 'The whole library as a Netscape bookmarks file, streamed as it is written (for scripts)',
    caller: 'session',
    produces: 'text/html',
  }),
  schedule: defineCall({
    method: 'GET',
    path: '/api/export/backup-schedule',
    summary: "The scheduled backup's settings and its last run",
    caller: 'session',
    reply: backupScheduleReplySchema,
  }),
  setSchedule: defineCall({
    method: 'POST',
    path: '/api/export/backup-schedule',
    summary:
      'Set the scheduled backup: off, daily or weekly; the last keep (1-30) kept on the server; ' +
      'optionally also sent to the connected WebDAV folder or Google Drive',
    caller: 'session',
    body: backupScheduleSchema,
    reply: backupScheduleReplySchema,
  }),
};
