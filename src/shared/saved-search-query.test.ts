import { describe, expect, it } from 'vitest';
import { parseSavedQuery } from './saved-search-query.ts';

describe('parseSavedQuery', () => {
  it('keeps the filters and search in the page order, dropping page and page size', () => {
    expect(parseSavedQuery('?what=%23ferns&unread=yes&page=2&count=48')).toEqual({
      ok: true,
      filter: { what: '#ferns', unread: 'yes' },
      query: 'unread=yes&what=%23ferns',
    });
    // the page writes its search as `query`; both read the same
    expect(parseSavedQuery('query=%23ferns&unread=yes')).toMatchObject({ query: 'unread=yes&what=%23ferns' });
    expect(parseSavedQuery('filter=pdf&sort=title&starred=yes')).toMatchObject({
      ok: true,
      filter: { type: 'pdf', sort: 'title', starred: 'yes' },
    });
  });

  it.each([
    ['colour=red', 'The library has no filter named colour.'],
    ['unread=maybe', 'unread cannot be maybe.'],
    ['filter=topic', 'filter cannot be topic.'],
    ['page=3', 'Search or filter the library first.'],
    ['', 'Search or filter the library first.'],
    [`what=${'x'.repeat(1001)}`, 'The search is too long.'],
  ])('refuses %j', (query, message) => {
    expect(parseSavedQuery(query)).toEqual({ ok: false, message });
  });
});
