import { useQuery } from '@tanstack/react-query';
import { profileCalls } from '../../shared/api/profile.ts';
import type { ItemReply } from '../../shared/schemas/items.ts';
import { call } from './client.ts';

/** The public library (part 2 §2): every call answers with public items only. */

export const profileKeys = {
  root: ['profile'] as const,
  items: (params: Record<string, string>) => ['profile', 'items', params] as const,
  tags: (params: Record<string, string>) => ['profile', 'tags', params] as const,
  info: (name: string) => ['profile', 'info', name.toLowerCase()] as const,
};

export function useProfileItems(params: Record<string, string>) {
  const definition = params.what ? profileCalls.search : profileCalls.items;
  return useQuery({
    queryKey: profileKeys.items(params),
    queryFn: () => call(definition, { query: params }),
    placeholderData: (previous) => previous,
  });
}

export function useProfileTags(params: Record<string, string> & { username: string }) {
  return useQuery({
    queryKey: profileKeys.tags(params),
    queryFn: () => call(profileCalls.tags, { query: params }),
    placeholderData: (previous) => previous,
  });
}

export function useProfileInfo(name: string) {
  return useQuery({
    queryKey: profileKeys.info(name),
    queryFn: () => call(profileCalls.info, { query: { username: name } }),
  });
}

/** Save to My Library: the caller's own copy of someone's public item. */
export function copyItem(item: Pick<ItemReply, 'link_id'>, copyAnnotations = true) {
  return call(profileCalls.copyItem, {
    body: { link_id: item.link_id, copy_annotations: copyAnnotations },
  });
}
