import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { itemCalls } from '../../shared/api/items.ts';
import { call } from './client.ts';
import { fetchItem } from './items.ts';
import { queryKeys } from './keys.ts';

/**
 * One page of the list an item was opened from, for previous/next. It is kept still while the reader
 * moves through it (library changes do not refresh it: marking an item read re-sorts an 'updated'
 * list, and moving must not jump), and dropped shortly after no item page uses it.
 */
export function useListPage(params: Record<string, string>, enabled = true) {
  return useQuery({
    queryKey: queryKeys.neighbours(params),
    queryFn: () => call(itemCalls.list, { query: params }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10_000,
  });
}

/** Loads the items next door ahead of time, so moving to one shows it at once. */
export function usePrefetchItems(linkIds: (number | undefined)[]) {
  const client = useQueryClient();
  const key = linkIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids are keyed by their joined text
  useEffect(() => {
    for (const linkId of linkIds) {
      if (linkId === undefined) continue;
      void client.prefetchQuery({
        queryKey: queryKeys.item(linkId),
        queryFn: () => fetchItem(linkId),
      });
    }
  }, [client, key]);
}
