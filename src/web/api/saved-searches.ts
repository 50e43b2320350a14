import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { savedSearchCalls } from '../../shared/api/saved-searches.ts';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

/** The user's saved searches with live counts (the sidebar, the command palette). */
export function useSavedSearches(enabled = true) {
  return useQuery({
    queryKey: queryKeys.savedSearches,
    queryFn: () => call(savedSearchCalls.list, {}),
    enabled,
  });
}

export function useSaveSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; query: string }) => call(savedSearchCalls.create, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.savedSearches }),
  });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(savedSearchCalls.remove, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.savedSearches }),
  });
}
