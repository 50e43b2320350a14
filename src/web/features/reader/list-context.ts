import { links } from '../../lib/links.ts';
import { type LibraryView, viewToSearch } from '../library/view.ts';

/** An item's page inside a list view: the list's query rides along so moving keeps it. */
export function itemInListHref(username: string, linkId: number, view: LibraryView): string {
  return links.item(username, linkId, viewToSearch(view));
}

/** Back to the list the item was opened from. */
export function listHref(username: string, view: LibraryView): string {
  return links.library(username, viewToSearch(view));
}
