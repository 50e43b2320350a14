import { links } from '../../lib/links.ts';
import { type LibraryView, parseView, viewToSearch } from '../library/view.ts';

/** An item's page inside a list view: the list's query rides along so moving keeps it. */
export function itemInListHref(username: string, linkId: number, view: LibraryView): string {
  return links.item(username, linkId, viewToSearch(view));
}

/** Back to the list the item was opened from. */
export function listHref(username: string, view: LibraryView): string {
  return links.library(username, viewToSearch(view));
}

/**
 * Back to the list, read from an item page's own query (the list's query rides on item links);
 * `fallback` is the query when the item was not opened from a list (a view's own default list).
 */
export function listHrefFromSearch(username: string, search: URLSearchParams, fallback = ''): string {
  const list = viewToSearch(parseView(search));
  return links.library(username, list.size > 0 ? list : fallback);
}
