/** Query keys in one place so every mutation can name the queries it refreshes. */
export const queryKeys = {
  userInfo: ['user-info'] as const,
  itemsRoot: ['items'] as const,
  items: (params: Record<string, string>) => ['items', params] as const,
  itemRoot: ['item'] as const,
  item: (linkId: number) => ['item', linkId] as const,
  tagsRoot: ['tags'] as const,
  tags: (params: Record<string, string>) => ['tags', params] as const,
};
