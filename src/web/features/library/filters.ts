import type { LibraryView } from './view.ts';

/** Every filter and the search off: the 'All' view, keeping sort and page size. */
export const CLEARED_FILTERS: Partial<LibraryView> = {
  filter: null,
  unread: false,
  ann: false,
  privacy: null,
  what: '',
  snapshot: false,
  notInOutliner: false,
  starred: false,
  health: null,
};
