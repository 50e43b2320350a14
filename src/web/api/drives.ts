import { useQuery } from '@tanstack/react-query';
import type {
  GoogleDriveExportReply,
  GoogleDriveStatusReply,
  WebdavExportReply,
  WebdavStatusReply,
} from '../../shared/schemas/drives.ts';
import { api } from './client.ts';

export const webdavKey = ['drives', 'webdav'] as const;

/** GET /api/drives/webdav: the connected folder and user (never the password). */
export function useWebdavStatus(enabled: boolean) {
  return useQuery({
    queryKey: webdavKey,
    queryFn: () => api.get<WebdavStatusReply>('/api/drives/webdav'),
    enabled,
  });
}

/** POST /api/drives/webdav: tests the folder and saves it; "" keeps the stored password. */
export function connectWebdav(body: { url: string; username: string; password: string }) {
  return api.post<WebdavStatusReply & { message: string }>('/api/drives/webdav', body);
}

export function deleteWebdav() {
  return api.post<{ code: 1; message: string }>('/api/drives/webdav/delete');
}

/** POST /api/export/webdav: the selection written into the folder as a .docx. */
export function sendToWebdav(ids: number[]) {
  return api.post<WebdavExportReply>('/api/export/webdav', { link_ids: ids.join(',') });
}

export const googleDriveKey = ['drives', 'google'] as const;

/** GET /api/drives/google: configured on this server, and connected for this user. */
export function useGoogleDriveStatus(enabled: boolean) {
  return useQuery({
    queryKey: googleDriveKey,
    queryFn: () => api.get<GoogleDriveStatusReply>('/api/drives/google'),
    enabled,
  });
}

/** POST /api/drives/google/connect: Google's consent URL; the browser comes back to returnTo. */
export function connectGoogleDrive(returnTo: string) {
  return api.post<{ code: 1; url: string }>('/api/drives/google/connect', { return_to: returnTo });
}

export function deleteGoogleDrive() {
  return api.post<{ code: 1; message: string }>('/api/drives/google/delete');
}

/** POST /api/export/google-drive: the selection uploaded as a Google Doc (or a PDF / Markdown file). */
export function sendToGoogleDrive(ids: number[], format: 'doc' | 'pdf' | 'md' = 'doc') {
  return api.post<GoogleDriveExportReply>('/api/export/google-drive', { link_ids: ids.join(','), format });
}

/** POST /api/export/google-drive/report: a Generate Report as edited, made into a Google Doc. */
export function sendReportToGoogleDrive(title: string, content: string) {
  return api.post<GoogleDriveExportReply>('/api/export/google-drive/report', { title, content });
}
