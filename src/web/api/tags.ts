import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoadTagsReply } from '../../shared/schemas/tags.ts';
import { itemChanges } from './cache.ts';
import { api } from './client.ts';
import { queryKeys } from './keys.ts';

export type LoadTagsParams = Record<string, string>;

export function useTags(params: LoadTagsParams, enabled = true) {
  const search = new URLSearchParams(params).toString();
  return useQuery({
    queryKey: queryKeys.tags(params),
    queryFn: () => api.get<LoadTagsReply>(`/interact_api/load_user_tags${search ? `?${search}` : ''}`),
    placeholderData: (previous) => previous,
    enabled,
  });
}

export function fetchTagSuggestions(q: string): Promise<string[]> {
  return api.get<{ tags: string[] }>(`/api/tags/suggest?q=${encodeURIComponent(q)}`).then((r) => r.tags);
}

export function fetchRecommendedTags(title: string, url: string): Promise<string[]> {
  const search = new URLSearchParams({ title, url }).toString();
  return api.get<{ tags: string[] }>(`/tag_mana2/load_recommended_tags?${search}`).then((r) => r.tags);
}

/** Renames a tag everywhere; an empty new name deletes it from every item. */
export function useRenameTag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { oldTag: string; newTag: string }) =>
      api.post<number>('/tag_mana2/update_tags', { old_tag: input.oldTag, new: input.newTag }),
    onSuccess: () => itemChanges.tagRenamed(client),
  });
}
