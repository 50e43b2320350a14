/**
 * Previous and next items of the list an item was opened from (spec part 1 §2: the list query is
 * kept when moving between items). The list is paged, so the item before the first one on a page is
 * the last one of the page before, and the item after the last is the first of the next page; those
 * pages are loaded only when the item sits at an edge.
 */
export interface Neighbour {
  linkId: number;
  /** the list page (1-based) it is on */
  page: number;
}

export interface NeighbourInput {
  linkId: number;
  /** 1-based page of the list that holds the item */
  page: number;
  count: number;
  total: number;
  pageIds: number[];
  /** the page before, once loaded */
  prevPageIds?: number[] | undefined;
  /** the page after, once loaded */
  nextPageIds?: number[] | undefined;
}

export interface Neighbours {
  /** whether the item is on this page of the list at all */
  found: boolean;
  prev: Neighbour | null;
  next: Neighbour | null;
  /** pages to load before prev or next can be known */
  needPrevPage: boolean;
  needNextPage: boolean;
}

const NONE: Neighbours = { found: false, prev: null, next: null, needPrevPage: false, needNextPage: false };

export function findNeighbours(input: NeighbourInput): Neighbours {
  const { linkId, page, count, total, pageIds } = input;
  const at = pageIds.indexOf(linkId);
  if (at < 0) return NONE;
  const firstOnPage = at === 0;
  const lastOnPage = at === pageIds.length - 1;
  const needPrevPage = firstOnPage && page > 1;
  const needNextPage = lastOnPage && page * count < total;

  let prev: Neighbour | null = firstOnPage ? null : { linkId: pageIds[at - 1]!, page };
  if (needPrevPage && input.prevPageIds?.length) {
    prev = { linkId: input.prevPageIds[input.prevPageIds.length - 1]!, page: page - 1 };
  }
  let next: Neighbour | null = lastOnPage ? null : { linkId: pageIds[at + 1]!, page };
  if (needNextPage && input.nextPageIds?.length) {
    next = { linkId: input.nextPageIds[0]!, page: page + 1 };
  }
  return { found: true, prev, next, needPrevPage, needNextPage };
}
