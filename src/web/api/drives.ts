import { useQuery } from '@tanstack/react-query';
import type { CallInput } from '../../shared/api/define.ts';
import { driveCalls } from '../../shared/api/drives.ts';
import type { GDRIVE_FORMATS } from '../../shared/schemas/drives.ts';
import { call } from './client.ts';

export const webdavKey = ['drives', 'webdav'] as const;

/** GET /api/drives/webdav: the connected folder and user (never the password). */
export function useWebdavStatus(enabled: boolean) {
  return useQuery({
    queryKey: webdavKey,
    queryFn: () => call(driveCalls.webdavStatus),
    enabled,
  });
}

/** POST /api/drives/webdav: tests the folder and saves it; "" keeps the stored password. */
export function connectWebdav(body: CallInput<typeof driveCalls.webdavConnect>['body']) {
  return call(driveCalls.webdavConnect, { body });
}

export function deleteWebdav() {
  return call(driveCalls.webdavDelete);
}

/** POST /api/export/webdav: the selection written into the folder as a .docx. */
export function sendToWebdav(ids: number[]) {
  return call(driveCalls.webdavExport, { body: { link_ids: ids.join(',') } });
}

export const googleDriveKey = ['drives', 'google'] as const;

/** GET /api/drives/google: configured on this server, and connected for this user. */
export function useGoogleDriveStatus(enabled: boolean) {
  return useQuery({
    queryKey: googleDriveKey,
    queryFn: () => call(driveCalls.googleStatus),
    enabled,
  });
}

/** POST /api/drives/google/connect: Google's consent URL; the browser comes back to returnTo. */
export function connectGoogleDrive(returnTo: string) {
  return call(driveCalls.googleConnect, { body: { return_to: returnTo } });
}

export function deleteGoogleDrive() {
  return call(driveCalls.googleDelete);
}

/** POST /api/export/google-drive: the selection uploaded as a Google Doc (or a PDF / Markdown file). */
export function sendToGoogleDrive(ids: number[], format: (typeof GDRIVE_FORMATS)[number] = 'doc') {
  return call(driveCalls.googleExport, { body: { link_ids: ids.join(','), format } });
}

/** POST /api/export/google-drive/report: a Generate Report as edited, made into a Google Doc. */
export function sendReportToGoogleDrive(title: string, content: string) {
  return call(driveCalls.googleReport, { body: { title, content } });
}
