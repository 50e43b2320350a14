import { isFiltered, type LibraryView } from './view.ts';

export type EmptyKind = 'search' | 'unread' | 'kindle' | 'default' | 'items';

/**
 * Which empty state a view with no items shows (spec part 1 §2), in order of precedence: a search,
 * the unread filter, the kindle filter, a library with nothing at all, any other filter.
 */
export function emptyKind(view: LibraryView): EmptyKind {
  if (view.what) return 'search';
  if (view.unread) return 'unread';
  if (view.filter === 'kindle') return 'kindle';
  if (!isFiltered(view)) return 'default';
  return 'items';
}
