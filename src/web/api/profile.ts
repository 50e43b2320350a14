import { useQuery } from '@tanstack/react-query';
import type { ItemReply, ListReply } from '../../shared/schemas/items.ts';
import type { ProfileInfoReply } from '../../shared/schemas/profile.ts';
import type { LoadTagsReply } from '../../shared/schemas/tags.ts';
import { api } from './client.ts';

/** The public library (part 2 §2): every call answers with public items only. */
const qs = (params: Record<string, string>) => {
  const s = new URLSearchParams(params).toString();
  return s ? `?${s}` : '';
};

export const profileKeys = {
  root: ['profile'] as const,
  items: (params: Record<string, string>) => ['profile', 'items', params] as const,
  tags: (params: Record<string, string>) => ['profile', 'tags', params] as const,
  info: (name: string) => ['profile', 'info', name.toLowerCase()] as const,
};

export function useProfileItems(params: Record<string, string>) {
  const path = params.what ? 'search_user_profile_items' : 'load_user_profile_items';
  return useQuery({
    queryKey: profileKeys.items(params),
    queryFn: () => api.get<ListReply>(`/interact_api/${path}${qs(params)}`),
    placeholderData: (previous) => previous,
  });
}

export function useProfileTags(params: Record<string, string>) {
  return useQuery({
    queryKey: profileKeys.tags(params),
    queryFn: () => api.get<LoadTagsReply>(`/interact_api/load_user_profile_tags${qs(params)}`),
    placeholderData: (previous) => previous,
  });
}

export function useProfileInfo(name: string) {
  return useQuery({
    queryKey: profileKeys.info(name),
    queryFn: () => api.get<ProfileInfoReply>(`/interact_api/load_profile_info${qs({ username: name })}`),
  });
}

/** Save to My Library: the caller's own copy of someone's public item. */
export function copyItem(item: Pick<ItemReply, 'link_id'>, copyAnnotations = true) {
  return api.post<{ code: 1; message: string; items: ItemReply[] }>('/interact_api/copy_item', {
    link_id: item.link_id,
    copy_annotations: copyAnnotations,
  });
}
