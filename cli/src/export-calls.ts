import { defineCall } from '../../src/shared/api/define.ts';

/**
 * The whole-library export (issue 29): `POST /api/export/library {format}` answers `{job_id}`,
 * `GET /api/export/library/{job_id}` answers `{state, bytes, download_url}`. Written here until
 * those definitions are in src/shared/api; then these give way to them.
 */
export const libraryExportCalls = {
  start: defineCall({
    method: 'POST',
    path: '/api/export/library',
    summary: 'Export the whole library in a format',
    caller: 'session',
  }),
  status: defineCall({
    method: 'GET',
    path: '/api/export/library/:job_id',
    summary: "An export's progress and, once ready, its download",
    caller: 'session',
  }),
};

export interface LibraryExportStatus {
  state: string;
  bytes?: number | null;
  download_url?: string | null;
  message?: string | null;
}
