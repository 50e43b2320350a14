import { describe, expect, it } from 'vitest';
import { parseView } from '../library/view.ts';
import { itemInListHref, listHref, listHrefFromSearch } from './list-context.ts';

describe('list context of an item', () => {
  it("keeps the list's query, dropping the item's own parameters", () => {
    const view = parseView(new URLSearchParams('filter=bookmark&query=%23garden&page=2&ann_md5=abc'));
    expect(itemInListHref('ann', 42, view)).toBe('/user/ann/b/42?filter=bookmark&query=%23garden&page=2');
    expect(listHref('ann', view)).toBe('/user/ann?filter=bookmark&query=%23garden&page=2');
  });

  it('moves to another page of the list', () => {
    const view = parseView(new URLSearchParams('unread=yes&page=2'));
    expect(itemInListHref('ann', 7, { ...view, page: 1 })).toBe('/user/ann/b/7?unread=yes');
    expect(itemInListHref('ann', 7, { ...view, page: 3 })).toBe('/user/ann/b/7?unread=yes&page=3');
  });

  it('gives plain links for the whole library', () => {
    const view = parseView(new URLSearchParams(''));
    expect(itemInListHref('a b', 1, view)).toBe('/user/a%20b/b/1');
    expect(listHref('ann', view)).toBe('/user/ann');
  });

  it("reads the list back from an item page's query, for views without previous/next", () => {
    const search = new URLSearchParams('filter=pdf&query=%23bread&sort=title&ann_md5=abc&redirect=1');
    expect(listHrefFromSearch('ann', search)).toBe('/user/ann?filter=pdf&query=%23bread&sort=title');
    expect(listHrefFromSearch('ann', new URLSearchParams('ann_md5=abc'), 'filter=image')).toBe(
      '/user/ann?filter=image',
    );
    expect(listHrefFromSearch('ann', new URLSearchParams('unread=yes'), 'filter=image')).toBe(
      '/user/ann?unread=yes',
    );
  });
});
