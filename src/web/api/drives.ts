import { useQuery } from '@tanstack/react-query';
import type { WebdavExportReply, WebdavStatusReply } from '../../shared/schemas/drives.ts';
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
