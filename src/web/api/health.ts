import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { healthCalls } from '../../shared/api/health.ts';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

/** GET /api/items/{link_id}/health: a bookmark's link health. */
export function useLinkHealth(linkId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.linkHealth(linkId),
    queryFn: () => call(healthCalls.health, { params: { link_id: linkId } }),
    enabled,
  });
}

/** POST /api/items/{link_id}/check: checked now; the health shown is the reply. */
export function useCheckLink(linkId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(healthCalls.check, { params: { link_id: linkId } }),
    onSuccess: (reply) => {
      client.setQueryData(queryKeys.linkHealth(linkId), reply);
      void client.invalidateQueries({ queryKey: queryKeys.pageChanges(linkId) });
    },
  });
}

/** GET /api/items/{link_id}/changes: the saved copy and the page now, side by side. */
export function usePageChanges(linkId: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.pageChanges(linkId),
    queryFn: () => call(healthCalls.changes, { params: { link_id: linkId } }),
    enabled,
  });
}

/** POST /api/items/{link_id}/update-copy: the reader copy, its highlights, health and versions all change. */
export function useUpdateCopy(linkId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(healthCalls.updateCopy, { params: { link_id: linkId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.item(linkId) }),
  });
}

export function usePageVersions(linkId: number, enabled = true) {
  return useQuery({
    queryKey: queryKeys.pageVersions(linkId),
    queryFn: () => call(healthCalls.versions, { params: { link_id: linkId } }),
    enabled,
  });
}

export function usePageVersion(linkId: number, versionId: number | null) {
  return useQuery({
    queryKey: queryKeys.pageVersion(linkId, versionId ?? 0),
    queryFn: () => call(healthCalls.version, { params: { link_id: linkId, version_id: versionId! } }),
    enabled: versionId !== null,
  });
}
