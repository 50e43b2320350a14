import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tagCalls } from '../../shared/api/tags.ts';
import { itemChanges } from './cache.ts';
import { call } from './client.ts';
import { queryKeys } from './keys.ts';

export type LoadTagsParams = Record<string, string>;

export function useTags(params: LoadTagsParams, enabled = true) {
  return useQuery({
    queryKey: queryKeys.tags(params),
    queryFn: () => call(tagCalls.list, { query: params }),
    placeholderData: (previous) => previous,
    enabled,
  });
}

export function fetchTagSuggestions(q: string): Promise<string[]> {
  return call(tagCalls.suggest, { query: { q } }).then((r) => r.tags);
}

export function fetchRecommendedTags(title: string, url: string): Promise<string[]> {
  return call(tagCalls.recommended, { query: { title, url } }).then((r) => r.tags);
}

/** Renames a tag everywhere; an empty new name deletes it from every item. */
export function useRenameTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { oldTag: string; newTag: string }) =>
      call(tagCalls.rename, { body: { old_tag: input.oldTag, new: input.newTag } }),
    onSuccess: () => itemChanges.tagRenamed(client),
  });
}
