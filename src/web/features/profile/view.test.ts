import { describe, expect, it } from 'vitest';
import { loadParams, readView, viewSearch } from './view.ts';

describe('profile view', () => {
  it('reads the URL, then the cookies, then the defaults', () => {
    const v = readView('', new URLSearchParams('what=css&page_num=2'), { sort: 'title', count: '48' });
    expect(v).toEqual({ tag: '', what: 'css', sort: 'title', count: 48, page: 2 });
    const d = readView('', new URLSearchParams('sort=bad&count=7&page_num=-1'), {});
    expect(d).toEqual({ tag: '', what: '', sort: 'updated', count: 24, page: 0 });
  });

  it('searches a tag page with the tag quoted', () => {
    const v = readView('web design', new URLSearchParams(''), {});
    expect(loadParams(v, 'ann')).toMatchObject({ username: 'ann', what: '#"web design"', page_num: '0' });
    expect(viewSearch({ ...v, page: 1 })).toBe('?page_num=1');
  });
});
