import { ITEM_TYPE_NAMES, LIST_SORTS } from './schemas/values.ts';

/**
 * A saved search's query: the library page's query string (web features/library/view.ts), checked
 * and put in one canonical order. Page and page size are not part of a search and are dropped.
 */
export interface SavedSearchFilter {
  type?: (typeof ITEM_TYPE_NAMES)[number];
  what?: string;
  unread?: 'yes';
  ann?: 'yes' | 'no';
  privacy?: 'public' | 'private';
  snapshot?: 'yes';
  inoutliner?: 'yes' | 'no';
  starred?: 'yes';
  sort?: (typeof LIST_SORTS)[number];
}

export type SavedQueryResult =
  | { ok: true; filter: SavedSearchFilter; query: string }
  | { ok: false; message: string };

const IGNORED = new Set(['page', 'page_num', 'count']);
const YES = ['yes'] as const;
const YES_NO = ['yes', 'no'] as const;
/** parameter -> the values it takes; `filter` and `query` are the page's names for type and what */
const CHOICES: Record<string, readonly string[]> = {
  filter: ITEM_TYPE_NAMES.filter((t) => t !== 'topic'),
  unread: YES,
  ann: YES_NO,
  privacy: ['public', 'private'],
  snapshot: YES,
  inoutliner: YES_NO,
  starred: YES,
  sort: LIST_SORTS,
};
const WHAT_MAX = 1000;

export function parseSavedQuery(text: string): SavedQueryResult {
  const params = new URLSearchParams(text.trim().replace(/^\?/, ''));
  const filter: SavedSearchFilter = {};
  const out = new URLSearchParams();
  for (const [key, raw] of params) {
    const value = raw.trim();
    if (IGNORED.has(key) || value === '') continue;
    if (key === 'query' || key === 'what') {
      if (value.length > WHAT_MAX) return { ok: false, message: 'The search is too long.' };
      filter.what = value;
      continue;
    }
    const choices = CHOICES[key];
    if (!choices) return { ok: false, message: `The library has no filter named ${key}.` };
    if (!choices.includes(value)) return { ok: false, message: `${key} cannot be ${value}.` };
    (filter as Record<string, string>)[key === 'filter' ? 'type' : key] = value;
  }
  // the page's own order (view.ts viewToSearch), so equal searches read the same
  if (filter.type) out.set('filter', filter.type);
  if (filter.unread) out.set('unread', filter.unread);
  if (filter.ann) out.set('ann', filter.ann);
  if (filter.privacy) out.set('privacy', filter.privacy);
  if (filter.what) out.set('what', filter.what);
  if (filter.sort) out.set('sort', filter.sort);
  if (filter.snapshot) out.set('snapshot', filter.snapshot);
  if (filter.inoutliner) out.set('inoutliner', filter.inoutliner);
  if (filter.starred) out.set('starred', filter.starred);
  if ([...out.keys()].length === 0) return { ok: false, message: 'Search or filter the library first.' };
  return { ok: true, filter, query: out.toString() };
}
