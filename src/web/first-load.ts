import type { QueryClient } from '@tanstack/react-query';
import { itemsQuery } from './api/items.ts';
import { userInfoQuery } from './api/user-info.ts';
import { parseView, viewToLoadParams } from './features/library/view.ts';
import { readCookie } from './lib/cookies.ts';

/** /user/{name} itself: the library's first page (its tag pages and items are left to their routes). */
const LIBRARY = /^\/user\/([^/]+)\/?$/;

/**
 * The requests the opening page needs, started as the entry runs rather than once the page's chunk
 * has arrived and rendered: who is signed in (every page), and on /user/{name} the list the library
 * asks for first, under the same query key, so the page finds it on its way or already there.
 */
export function startFirstRequests(client: QueryClient, location: { pathname: string; search: string }) {
  void client.prefetchQuery(userInfoQuery);
  const library = LIBRARY.exec(location.pathname);
  if (!library) return;
  let username: string;
  try {
    username = decodeURIComponent(library[1]!);
  } catch {
    return;
  }
  const view = parseView(new URLSearchParams(location.search), {
    sort: readCookie('sort'),
    count: readCookie('count'),
  });
  void client.prefetchQuery(itemsQuery(viewToLoadParams(view, username)));
}
