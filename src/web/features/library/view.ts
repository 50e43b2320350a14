import { PAGE_SIZE_DEFAULT, PAGE_SIZES } from '../../../shared/limits.ts';
import { ITEM_TYPE_NAMES, type ItemType, LIST_SORTS, type ListSort } from '../../../shared/schemas/values.ts';
import { tagFilterText } from '../../../shared/tags.ts';

/**
 * The library view lives in the URL (reload, back and shared links reproduce it). Query parameters of
 * spec part 1 §2: filter, unread=yes, ann=yes, privacy, query|what, sort, page (1-based), page_num,
 * snapshot=yes, inoutliner=no, and starred=yes (the owner's starred items); count and sort fall back to the cookie the footer sets.
 */
export interface LibraryView {
  filter: ItemType | null;
  unread: boolean;
  ann: boolean;
  privacy: 'public' | 'private' | null;
  what: string;
  sort: ListSort;
  /** 1-based */
  page: number;
  count: number;
  snapshot: boolean;
  notInOutliner: boolean;
  starred: boolean;
  /** the owner's broken links or changed pages (link health) */
  health: 'broken' | 'changed' | null;
}

export interface ViewDefaults {
  sort?: string;
  count?: string;
}

const FILTERS = ITEM_TYPE_NAMES.filter((t) => t !== 'topic');

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

export function parseView(
  search: URLSearchParams,
  defaults: ViewDefaults = {},
  routeTag?: string,
): LibraryView {
  const filter = search.get('filter');
  const privacy = search.get('privacy');
  const sort = search.get('sort') ?? defaults.sort ?? '';
  const count = Number(search.get('count') ?? defaults.count);
  const pageNum = search.get('page_num');
  const health = search.get('health');
  let what = (search.get('query') ?? search.get('what') ?? '').trim();
  if (routeTag && !what) what = tagFilterText(routeTag);
  return {
    filter: (FILTERS as readonly string[]).includes(filter ?? '') ? (filter as ItemType) : null,
    unread: search.get('unread') === 'yes',
    ann: search.get('ann') === 'yes',
    privacy: privacy === 'public' || privacy === 'private' ? privacy : null,
    what,
    sort: (LIST_SORTS as readonly string[]).includes(sort) ? (sort as ListSort) : 'updated',
    page:
      positiveInt(search.get('page')) ??
      (pageNum !== null && /^\d+$/.test(pageNum) ? Number(pageNum) + 1 : 1),
    count: (PAGE_SIZES as readonly number[]).includes(count) ? count : PAGE_SIZE_DEFAULT,
    snapshot: search.get('snapshot') === 'yes',
    notInOutliner: search.get('inoutliner') === 'no',
    starred: search.get('starred') === 'yes',
    health: health === 'broken' || health === 'changed' ? health : null,
  };
}

/** The URL query for a view; defaults are left out so links stay short. */
export function viewToSearch(view: LibraryView): URLSearchParams {
  const s = new URLSearchParams();
  if (view.filter) s.set('filter', view.filter);
  if (view.unread) s.set('unread', 'yes');
  if (view.ann) s.set('ann', 'yes');
  if (view.privacy) s.set('privacy', view.privacy);
  if (view.what) s.set('query', view.what);
  if (view.sort !== 'updated') s.set('sort', view.sort);
  if (view.count !== PAGE_SIZE_DEFAULT) s.set('count', String(view.count));
  if (view.snapshot) s.set('snapshot', 'yes');
  if (view.notInOutliner) s.set('inoutliner', 'no');
  if (view.starred) s.set('starred', 'yes');
  if (view.health) s.set('health', view.health);
  if (view.page > 1) s.set('page', String(view.page));
  return s;
}

/** Parameters of GET /interact_api/load_user_items for a view. */
export function viewToLoadParams(view: LibraryView, username: string): Record<string, string> {
  const p: Record<string, string> = {
    username,
    page_num: String(view.page - 1),
    count: String(view.count),
    sort: view.sort,
  };
  if (view.filter) p.type = view.filter;
  if (view.unread) p.unread = 'yes';
  if (view.ann) p.ann = 'yes';
  if (view.privacy) p.privacy = view.privacy;
  if (view.what) p.what = view.what;
  if (view.snapshot) p.snapshot = 'yes';
  if (view.notInOutliner) p.inoutliner = 'no';
  if (view.starred) p.starred = 'yes';
  if (view.health) p.health = view.health;
  return p;
}

/** A change of filter or search starts again at page 1. */
export function withChange(view: LibraryView, change: Partial<LibraryView>): LibraryView {
  const resetsPage = Object.keys(change).some((k) => k !== 'page');
  return { ...view, ...(resetsPage ? { page: 1 } : {}), ...change };
}

export function isFiltered(view: LibraryView): boolean {
  return Boolean(
    view.filter ||
      view.unread ||
      view.ann ||
      view.privacy ||
      view.what ||
      view.snapshot ||
      view.notInOutliner ||
      view.starred ||
      view.health,
  );
}

/** Whether a newly added item of this kind would show in the view (else the add notification offers a switch). */
export function viewShows(
  view: LibraryView,
  item: { type_name: string; private: 0 | 1; readed: 0 | 1; annotation_count: number },
): boolean {
  if (view.filter && view.filter !== item.type_name) return false;
  if (view.unread && item.readed === 1) return false;
  if (view.ann && item.annotation_count === 0) return false;
  if (view.privacy === 'public' && item.private === 1) return false;
  if (view.privacy === 'private' && item.private === 0) return false;
  // a new item is never starred yet
  if (view.starred || view.health) return false;
  return !view.what && !view.snapshot;
}

/** After deleting, a page left empty moves back one (spec part 1 §4). */
export function pageAfterDelete(page: number, itemsOnPage: number, deleted: number): number {
  return itemsOnPage - deleted <= 0 && page > 1 ? page - 1 : page;
}

/**
 * The page to show instead of one past the end of the list (a stale link, ?page=99): the last page.
 * Null when the page is in range, or the list is empty and page 1 says so.
 */
export function pageInRange(page: number, total: number, count: number): number | null {
  const last = Math.max(1, Math.ceil(total / count));
  return page > last ? last : null;
}
