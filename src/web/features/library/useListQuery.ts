import { useLibraryView } from './useLibraryView.ts';
import { viewToSearch } from './view.ts';

/** The library view as a query string, carried to an item's page so previous/next move through it. */
export function useListQuery(): string {
  return viewToSearch(useLibraryView().view).toString();
}
