import { useRef } from 'react';
import { useListPage, usePrefetchItems } from '../../api/neighbours.ts';
import { type LibraryView, viewToLoadParams } from '../library/view.ts';
import { findNeighbours, type Neighbours } from './neighbours.ts';

const ids = (reply: { items: { link_id: number }[] } | undefined) => reply?.items.map((i) => i.link_id);

/** Previous/next of an item in the list view it was opened from; the pages at the edges load on demand. */
export function useNeighbours(
  username: string,
  view: LibraryView,
  linkId: number,
  enabled = true,
): Neighbours {
  const current = useListPage(viewToLoadParams(view, username), enabled);
  const base = {
    linkId,
    page: view.page,
    count: view.count,
    total: current.data?.total ?? 0,
    pageIds: ids(current.data) ?? [],
  };
  const edges = findNeighbours(base);
  const prevPage = useListPage(
    viewToLoadParams({ ...view, page: view.page - 1 }, username),
    enabled && edges.needPrevPage,
  );
  const nextPage = useListPage(
    viewToLoadParams({ ...view, page: view.page + 1 }, username),
    enabled && edges.needNextPage,
  );
  const result = findNeighbours({
    ...base,
    prevPageIds: ids(prevPage.data),
    nextPageIds: ids(nextPage.data),
  });

  // Once known, an item's neighbours stay while its page is open, whatever the list does meanwhile.
  const known = useRef<{ linkId: number; value: Neighbours } | null>(null);
  if (result.found) known.current = { linkId, value: result };
  const value = known.current?.linkId === linkId ? known.current.value : result;
  usePrefetchItems([value.prev?.linkId, value.next?.linkId]);
  return value;
}
