import { describe, expect, it } from 'vitest';
import { findNeighbours } from './neighbours.ts';

const base = { page: 1, count: 3, total: 3, pageIds: [10, 11, 12] };

describe('previous and next items', () => {
  it('moves within a page', () => {
    expect(findNeighbours({ ...base, linkId: 11 })).toMatchObject({
      found: true,
      prev: { linkId: 10, page: 1 },
      next: { linkId: 12, page: 1 },
    });
  });

  it('stops at both ends of the list', () => {
    expect(findNeighbours({ ...base, linkId: 10 })).toMatchObject({ prev: null, needPrevPage: false });
    expect(findNeighbours({ ...base, linkId: 12 })).toMatchObject({ next: null, needNextPage: false });
  });

  it('a single item has neither', () => {
    expect(findNeighbours({ ...base, total: 1, pageIds: [7], linkId: 7 })).toMatchObject({
      found: true,
      prev: null,
      next: null,
    });
  });

  it('asks for the next page at the last item of a page, then continues onto it', () => {
    const atEdge = { ...base, total: 5, linkId: 12 };
    expect(findNeighbours(atEdge)).toMatchObject({ next: null, needNextPage: true });
    expect(findNeighbours({ ...atEdge, nextPageIds: [13, 14] })).toMatchObject({
      prev: { linkId: 11, page: 1 },
      next: { linkId: 13, page: 2 },
    });
  });

  it('asks for the page before at the first item of a later page, then continues onto it', () => {
    const atEdge = { ...base, page: 2, total: 5, pageIds: [13, 14], linkId: 13 };
    expect(findNeighbours(atEdge)).toMatchObject({ prev: null, needPrevPage: true, next: { linkId: 14 } });
    expect(findNeighbours({ ...atEdge, prevPageIds: [10, 11, 12] })).toMatchObject({
      prev: { linkId: 12, page: 1 },
    });
    // the last item of the last page has no next
    expect(findNeighbours({ ...atEdge, linkId: 14 })).toMatchObject({ next: null, needNextPage: false });
  });

  it('an empty neighbouring page leaves the end disabled', () => {
    expect(findNeighbours({ ...base, total: 5, linkId: 12, nextPageIds: [] })).toMatchObject({ next: null });
  });

  it('knows nothing about an item that is not in the list', () => {
    expect(findNeighbours({ ...base, linkId: 99 })).toEqual({
      found: false,
      prev: null,
      next: null,
      needPrevPage: false,
      needNextPage: false,
    });
  });
});
