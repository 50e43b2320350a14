import { PAGE_SIZE_DEFAULT, PAGE_SIZES } from '../../../shared/limits.ts';
import { LIST_SORTS, type ListSort } from '../../../shared/schemas/values.ts';
import { tagFilterText } from '../../../shared/search-query.ts';

/** What a public library page shows, all in its URL: /profile/{name}[/{tag}]?what=&sort=&count=&page_num= */
export interface ProfileView {
  tag: string;
  what: string;
  sort: ListSort;
  count: number;
  page: number;
}

export function parseSort(value: string | null | undefined): ListSort | null {
  return value && (LIST_SORTS as readonly string[]).includes(value) ? (value as ListSort) : null;
}

export function parseCount(value: string | null | undefined): number | null {
  const n = Number(value);
  return (PAGE_SIZES as readonly number[]).includes(n) ? n : null;
}

/** The view from the URL; sort and count fall back to the cookies, then the defaults. */
export function readView(
  tag: string,
  search: URLSearchParams,
  cookies: { sort?: string; count?: string },
): ProfileView {
  const page = Number(search.get('page_num'));
  return {
    tag,
    what: search.get('what') ?? '',
    sort: parseSort(search.get('sort')) ?? parseSort(cookies.sort) ?? 'updated',
    count: parseCount(search.get('count')) ?? parseCount(cookies.count) ?? PAGE_SIZE_DEFAULT,
    page: Number.isInteger(page) && page > 0 ? page : 0,
  };
}

/** The list call's parameters: a tag page searches with the tag quoted (part 2 §2). */
export function loadParams(view: ProfileView, username: string): Record<string, string> {
  const what = [view.tag ? tagFilterText(view.tag) : '', view.what.trim()].filter(Boolean).join(' ');
  return {
    username,
    sort: view.sort,
    count: String(view.count),
    page_num: String(view.page),
    ...(what ? { what } : {}),
  };
}

/** The query string of a view (the tag is in the path). */
export function viewSearch(view: ProfileView): string {
  const q = new URLSearchParams();
  if (view.what) q.set('what', view.what);
  if (view.sort !== 'updated') q.set('sort', view.sort);
  if (view.count !== PAGE_SIZE_DEFAULT) q.set('count', String(view.count));
  if (view.page > 0) q.set('page_num', String(view.page));
  const s = q.toString();
  return s ? `?${s}` : '';
}
