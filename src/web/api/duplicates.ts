import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { duplicateCalls } from '../../shared/api/duplicates.ts';
import { itemChanges } from './cache.ts';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

/** Groups of bookmarks that are the same page. */
export function useDuplicates(page: number) {
  return useQuery({
    queryKey: queryKeys.duplicates(page),
    queryFn: () => call(duplicateCalls.list, { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** Keeps one item and folds the others into it; they go to the trash. */
export function useMergeDuplicates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { keep: number; merge: number[] }) =>
      call(duplicateCalls.merge, { body: { keep: input.keep, merge: input.merge.join(',') } }),
    onSuccess: (reply) => itemChanges.deleted(client, reply.merged).then(() => itemChanges.restored(client)),
  });
}
