import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { trashCalls } from '../../shared/api/trash.ts';
import { itemChanges } from './cache.ts';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

/** The trash: what delete_b moved there, a page at a time. */
export function useTrash(page: number) {
  return useQuery({
    queryKey: queryKeys.trash(page),
    queryFn: () => call(trashCalls.list, { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** Brings items back (the delete notification's Undo, the Trash view's Restore). */
export function useRestoreItems() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(trashCalls.restore, { body: { link_id: ids.join(',') } }),
    onSuccess: () => itemChanges.restored(client),
  });
}

export function useDeleteForever() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => call(trashCalls.deleteForever, { body: { link_id: ids.join(',') } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.trashRoot }),
  });
}

export function useEmptyTrash() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(trashCalls.empty, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.trashRoot }),
  });
}
