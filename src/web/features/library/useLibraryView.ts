import { useCallback, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { COOKIE_DAYS_LONG } from '../../../shared/limits.ts';
import { readCookie, writeCookie } from '../../lib/cookies.ts';
import { links } from '../../lib/links.ts';
import { type LibraryView, parseView, viewToSearch, withChange } from './view.ts';

/** The view in the URL of /user/{name} (or /user/{name}/{tag}); changes navigate, so back restores them. */
export function useLibraryView() {
  const { name = '', '*': rest = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const routeTag = rest ? decodeURIComponent(rest) : undefined;
  const view = useMemo(
    () => parseView(search, { sort: readCookie('sort'), count: readCookie('count') }, routeTag),
    [search, routeTag],
  );

  const hrefFor = useCallback(
    (next: LibraryView) => {
      return links.library(name, viewToSearch(next));
    },
    [name],
  );

  const change = useCallback(
    (patch: Partial<LibraryView>) => {
      if (patch.sort) writeCookie('sort', patch.sort, COOKIE_DAYS_LONG);
      if (patch.count) writeCookie('count', String(patch.count), COOKIE_DAYS_LONG);
      navigate(hrefFor(withChange(view, patch)));
    },
    [navigate, hrefFor, view],
  );

  return { username: name, view, change, hrefFor };
}
