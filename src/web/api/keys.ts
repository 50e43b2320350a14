/** Query keys in one place so every mutation can name the queries it refreshes. */
export const queryKeys = {
  userInfo: ['user-info'] as const,
  itemsRoot: ['items'] as const,
  items: (params: Record<string, string>) => ['items', params] as const,
  /** an item's annotations past the library row's first ones; under itemsRoot, so refreshed with the lists */
  annotationPages: (linkId: number) => ['items', 'annotations', linkId] as const,
  itemRoot: ['item'] as const,
  item: (linkId: number) => ['item', linkId] as const,
  /** under the item's key, so anything that refreshes the item refreshes its reader copy */
  reader: (linkId: number) => ['item', linkId, 'reader'] as const,
  /** link health, the changes of a changed page, earlier copies: under the item's key too */
  linkHealth: (linkId: number) => ['item', linkId, 'health'] as const,
  pageChanges: (linkId: number) => ['item', linkId, 'changes'] as const,
  pageVersions: (linkId: number) => ['item', linkId, 'versions'] as const,
  pageVersion: (linkId: number, versionId: number) => ['item', linkId, 'versions', versionId] as const,
  /** the user's rules, and a rule query's dry-run count */
  rules: ['rules'] as const,
  ruleTry: (query: string) => ['rules', 'try', query] as const,
  /** the list an item was opened from, kept still while reading (not under itemsRoot) */
  neighbours: (params: Record<string, string>) => ['item-neighbours', params] as const,
  tagsRoot: ['tags'] as const,
  tags: (params: Record<string, string>) => ['tags', params] as const,
  outlinersRoot: ['outliners'] as const,
  outliners: (params: Record<string, string>) => ['outliners', params] as const,
  /** one outliner's tree (under its own root: lists refresh without refetching every tree) */
  outlinerRoot: ['outliner'] as const,
  outliner: (id: number) => ['outliner', id] as const,
  sharedOutliner: (key: string) => ['outliner-shared', key] as const,
  /** an item's share link (its owner), the read-only page of a key (anyone), the mail contacts */
  shareLink: (linkId: number) => ['share-link', linkId] as const,
  sharedItem: (key: string) => ['item-shared', key] as const,
  contacts: ['contacts'] as const,
  /** a selection's export preview (Export and Generate Report modals) */
  exportPreview: (ids: number[]) => ['export-preview', ids.join(',')] as const,
  /** the user's imports and one import's progress */
  importsRoot: ['imports'] as const,
  reviewToday: ['review', 'today'] as const,
  reviewSettings: ['review', 'settings'] as const,
  importStatus: (jobId: number) => ['imports', jobId] as const,
  /** the user's groups, one group, its items: all under groupsRoot, refreshed by live group messages */
  groupsRoot: ['groups'] as const,
  groups: () => ['groups', 'list'] as const,
  group: (id: number) => ['groups', 'group', id] as const,
  groupItems: (id: number, page: number) => ['groups', 'items', id, page] as const,
  groupItem: (id: number, itemId: number) => ['groups', 'item', id, itemId] as const,
  groupReader: (id: number, itemId: number) => ['groups', 'reader', id, itemId] as const,
  /** the user's pending invitations, and the one of a mailed link: a live 'invited' refreshes them */
  groupInvitations: () => ['groups', 'invitations'] as const,
  groupInvitation: (token: string) => ['groups', 'invitation', token] as const,
  /** the user's personal access tokens (Settings > Developer) */
  tokens: ['tokens'] as const,
  /** the user's webhooks with their last deliveries */
  webhooks: ['webhooks'] as const,
  /** library upkeep: the trash, duplicates and saved searches change with every delete and save */
  trashRoot: ['trash'] as const,
  trash: (page: number) => ['trash', page] as const,
  duplicatesRoot: ['duplicates'] as const,
  duplicates: (page: number) => ['duplicates', page] as const,
  savedSearches: ['saved-searches'] as const,
};
