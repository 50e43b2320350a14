import type { OutlinerSortField, SortOrder } from '../../api/outliners.ts';

/** The outliner list's sort (part 2 §4, §9): kept in these cookies for COOKIE_DAYS_LONG days. */
export const SORT_COOKIE = 'OUTLINER_SORT';
export const ORDER_COOKIE = 'OUTLINER_SORT_TYPE';

export interface OutlinerSort {
  sort: OutlinerSortField;
  order: SortOrder;
}

/** Default 'Updated at' descending. */
export const DEFAULT_SORT: OutlinerSort = { sort: 'updated', order: 'desc' };

export const SORT_OPTIONS: { value: OutlinerSortField; label: string }[] = [
  { value: 'title', label: 'Title' },
  { value: 'updated', label: 'Updated at' },
  { value: 'created', label: 'Created at' },
];

/** Title reads A to Z first; the dates newest first. */
export function defaultOrder(sort: OutlinerSortField): SortOrder {
  return sort === 'title' ? 'asc' : 'desc';
}

/** The sort kept in the cookies; unknown values fall back to the default. */
export function readSort(cookie: (name: string) => string | undefined): OutlinerSort {
  const sort = cookie(SORT_COOKIE);
  if (sort !== 'title' && sort !== 'updated' && sort !== 'created') return DEFAULT_SORT;
  const order = cookie(ORDER_COOKIE);
  return { sort, order: order === 'asc' || order === 'desc' ? order : defaultOrder(sort) };
}

/** Choosing a sort field takes that field's own order. */
export function chooseSort(sort: OutlinerSortField): OutlinerSort {
  return { sort, order: defaultOrder(sort) };
}
