import { describe, expect, it } from 'vitest';
import {
  cleanTagName,
  cutTagLabel,
  itemCount,
  pageFromParam,
  parseNav,
  tagsPageHref,
  tagsPageParams,
  tagsPageRedirect,
} from './tags-page.ts';

describe('cutTagLabel', () => {
  it('keeps names up to the limit and cuts longer ones with an ellipsis', () => {
    expect(cutTagLabel('a'.repeat(50))).toBe('a'.repeat(50));
    expect(cutTagLabel('a'.repeat(51))).toBe(`${'a'.repeat(50)}…`);
  });

  it('takes the profile sidebar limit of 15', () => {
    expect(cutTagLabel('programming-languages', 15)).toBe('programming-lan…');
    expect(cutTagLabel('short', 15)).toBe('short');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(cutTagLabel('😀😀😀', 2)).toBe('😀😀…');
  });
});

describe('cleanTagName', () => {
  it('strips quotes and folds spaces', () => {
    expect(cleanTagName(' "slow   web" ')).toBe('slow web');
    expect(cleanTagName('""')).toBe('');
  });
});

describe('parseNav', () => {
  it('accepts a letter or other, in any case', () => {
    expect(parseNav('B')).toBe('b');
    expect(parseNav('other')).toBe('other');
  });

  it('treats anything else as all', () => {
    expect(parseNav(null)).toBeNull();
    expect(parseNav('')).toBeNull();
    expect(parseNav('ab')).toBeNull();
    expect(parseNav('1')).toBeNull();
  });
});

describe('tagsPageRedirect', () => {
  it('leaves a URL without a page alone', () => {
    expect(tagsPageRedirect(null, 0)).toBe(false);
    expect(tagsPageRedirect(null, undefined)).toBe(false);
  });

  it('keeps pages inside 1..ceil(total/56)', () => {
    expect(tagsPageRedirect('1', 0)).toBe(false);
    expect(tagsPageRedirect('1', 56)).toBe(false);
    expect(tagsPageRedirect('2', 57)).toBe(false);
    expect(tagsPageRedirect('3', 112)).toBe(true);
  });

  it('redirects pages past the end once the total is known', () => {
    expect(tagsPageRedirect('2', 56)).toBe(true);
    expect(tagsPageRedirect('99', undefined)).toBe(false);
    expect(tagsPageRedirect('99', 300)).toBe(true);
  });

  it('redirects pages that are not positive whole numbers at once', () => {
    expect(tagsPageRedirect('0', undefined)).toBe(true);
    expect(tagsPageRedirect('-1', 100)).toBe(true);
    expect(tagsPageRedirect('2.5', 500)).toBe(true);
    expect(tagsPageRedirect('abc', undefined)).toBe(true);
    expect(tagsPageRedirect('', 10)).toBe(true);
  });
});

describe('pageFromParam', () => {
  it('reads valid pages and falls back to 1', () => {
    expect(pageFromParam('3')).toBe(3);
    expect(pageFromParam(null)).toBe(1);
    expect(pageFromParam('x')).toBe(1);
    expect(pageFromParam('0')).toBe(1);
  });
});

describe('links', () => {
  it('builds canonical tags page URLs', () => {
    expect(tagsPageHref('ann')).toBe('/user/ann/tags');
    expect(tagsPageHref('ann', { nav: 'b', page: 1 })).toBe('/user/ann/tags?nav=b');
    expect(tagsPageHref('ann', { search: ' web dev ', page: 2 })).toBe(
      '/user/ann/tags?search=web+dev&page=2',
    );
  });

  it('asks the server for 56 tags by name, 0-based pages', () => {
    expect(tagsPageParams('ann', { nav: 'other', search: 'x', page: 3 })).toEqual({
      username: 'ann',
      sort: 'name',
      count: '56',
      page_num: '2',
      nav: 'other',
      search: 'x',
    });
    expect(tagsPageParams('ann', {})).toEqual({ username: 'ann', sort: 'name', count: '56', page_num: '0' });
  });
});

describe('itemCount', () => {
  it('says item or items', () => {
    expect(itemCount(1)).toBe('1 item');
    expect(itemCount(2)).toBe('2 items');
  });
});
