import { TAG_LABEL_MAX, TAG_PAGE_SIZE } from '../../../shared/limits.ts';
import { links } from '../../lib/links.ts';

/** The navigation letters of the tags page; 'other' is every name not starting with a letter. */
export const NAV_LETTERS = 'abcdefghijklmnopqrstuvwxyz'.split('');
/** a lower-case letter a-z or 'other' (checked by parseNav) */
export type TagNav = string;

/** A tag's label cut to `max` characters with an ellipsis: 50 in lists (part 1 §5), 15 on profiles. */
export function cutTagLabel(name: string, max: number = TAG_LABEL_MAX): string {
  // by code points, so an emoji is never split in half
  const chars = [...name];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : name;
}

/** Quotes are stripped locally (part 1 §4), and runs of spaces fold as the server folds them. */
export function cleanTagName(raw: string): string {
  return raw.replace(/"/g, '').trim().replace(/\s+/g, ' ');
}

/** Only a letter or 'other' is a filter; anything else in the URL means all tags. */
export function parseNav(raw: string | null): TagNav | null {
  const value = raw?.toLowerCase() ?? '';
  return value === 'other' || NAV_LETTERS.includes(value) ? value : null;
}

/**
 * True when the URL's page must be redirected away (part 2 §2): a page outside 1..ceil(total/56).
 * No page in the URL is page 1; page 1 itself stays even when there is nothing to show, so an empty
 * search never loses its text.
 */
export function tagsPageRedirect(pageParam: string | null, total: number | undefined): boolean {
  if (pageParam === null) return false;
  if (!/^\d+$/.test(pageParam)) return true;
  const page = Number(pageParam);
  if (page < 1) return true;
  if (total === undefined) return false;
  return page > Math.max(1, Math.ceil(total / TAG_PAGE_SIZE));
}

/** The page number to load: the URL's when it is a valid number, else the first. */
export function pageFromParam(pageParam: string | null): number {
  const page = Number(pageParam);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export interface TagsPageState {
  nav?: TagNav | null;
  search?: string;
  page?: number;
}

/** The tags page URL; empty values and page 1 are left out so links stay short and canonical. */
export function tagsPageHref(username: string, state: TagsPageState = {}): string {
  const params = new URLSearchParams();
  if (state.nav) params.set('nav', state.nav);
  if (state.search?.trim()) params.set('search', state.search.trim());
  if (state.page && state.page > 1) params.set('page', String(state.page));
  return links.tags(username, params);
}

/** load_user_tags parameters for one page of the grid: sorted by name, 56 a page, 0-based page_num. */
export function tagsPageParams(username: string, state: TagsPageState): Record<string, string> {
  const params: Record<string, string> = {
    username,
    sort: 'name',
    count: String(TAG_PAGE_SIZE),
    page_num: String((state.page ?? 1) - 1),
  };
  if (state.nav) params.nav = state.nav;
  if (state.search?.trim()) params.search = state.search.trim();
  return params;
}

/** A count as words for screen readers: '1 item', '3 items'. */
export function itemCount(count: number): string {
  return `${count} item${count === 1 ? '' : 's'}`;
}
