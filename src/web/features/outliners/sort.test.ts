import { describe, expect, it } from 'vitest';
import { chooseSort, DEFAULT_SORT, defaultOrder, ORDER_COOKIE, readSort, SORT_COOKIE } from './sort.ts';

const cookies = (values: Record<string, string>) => (name: string) => values[name];

describe('outliner list sort', () => {
  it("defaults to 'Updated at' descending", () => {
    expect(readSort(cookies({}))).toEqual({ sort: 'updated', order: 'desc' });
    expect(DEFAULT_SORT).toEqual({ sort: 'updated', order: 'desc' });
  });

  it('reads both cookies, and a missing order takes the field default', () => {
    expect(readSort(cookies({ [SORT_COOKIE]: 'title', [ORDER_COOKIE]: 'desc' }))).toEqual({
      sort: 'title',
      order: 'desc',
    });
    expect(readSort(cookies({ [SORT_COOKIE]: 'title' }))).toEqual({ sort: 'title', order: 'asc' });
    expect(readSort(cookies({ [SORT_COOKIE]: 'created', [ORDER_COOKIE]: 'sideways' }))).toEqual({
      sort: 'created',
      order: 'desc',
    });
  });

  it('ignores an unknown field', () => {
    expect(readSort(cookies({ [SORT_COOKIE]: 'size', [ORDER_COOKIE]: 'asc' }))).toEqual(DEFAULT_SORT);
  });

  it('title ascends by default, the dates descend', () => {
    expect(defaultOrder('title')).toBe('asc');
    expect(chooseSort('updated')).toEqual({ sort: 'updated', order: 'desc' });
    expect(chooseSort('created')).toEqual({ sort: 'created', order: 'desc' });
  });
});
