import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { COOKIE_DAYS_LONG } from '../../../shared/limits.ts';
import { PROFILE_COUNT_COOKIE, PROFILE_SORT_COOKIE } from '../../../shared/schemas/profile.ts';
import { isSignedIn } from '../../../shared/schemas/user-info.ts';
import { useProfileInfo, useProfileItems } from '../../api/profile.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { readCookie, writeCookie } from '../../lib/cookies.ts';
import { links } from '../../lib/links.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { pageCountFor } from '../../ui/pagination.ts';
import { StateBox } from '../../ui/StateBox.tsx';
import { ItemList } from '../library/ItemList.tsx';
import { PageSizeSelect, SortSelect } from '../library/ListSelects.tsx';
import { LAYOUT_DEFAULT } from '../library/layout.ts';
import { EMPTY_SELECTION } from '../library/selection.ts';
import { useItemActions } from '../library/useItemActions.ts';
import styles from './Profile.module.css';
import { ProfileHeader } from './ProfileHeader.tsx';
import { ProfileTags } from './ProfileTags.tsx';
import { loadParams, type ProfileView, readView, viewSearch } from './view.ts';

/** The public library (part 2 §2): /profile/{name} and /profile/{name}/{tag}, read-only, public items only. */
export function ProfilePage() {
  const { name = '', '*': rest = '' } = useParams();
  const tag = decodeURIComponent(rest.split('/')[0] ?? '');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const view = readView(tag, search, {
    sort: readCookie(PROFILE_SORT_COOKIE),
    count: readCookie(PROFILE_COUNT_COOKIE),
  });
  const { data: me } = useUserInfo();
  const viewer = isSignedIn(me) ? me : null;
  const info = useProfileInfo(name);
  const list = useProfileItems(loadParams(view, name));
  const [tagSort, setTagSort] = useState<'top' | 'recent'>('top');
  const ctx = { signedIn: viewer !== null, userName: viewer?.name ?? '' };
  const actions = useItemActions({ ctx, onDeleted: () => undefined });

  const hrefFor = (patch: Partial<ProfileView>) => {
    const next = { ...view, ...patch };
    return `${links.profile(name, next.tag || undefined)}${viewSearch(next)}`;
  };
  const change = (patch: Partial<ProfileView>) => {
    if (patch.sort) writeCookie(PROFILE_SORT_COOKIE, patch.sort, COOKIE_DAYS_LONG);
    if (patch.count) writeCookie(PROFILE_COUNT_COOKIE, String(patch.count), COOKIE_DAYS_LONG);
    navigate(hrefFor({ page: 0, ...patch }));
  };
  const [typed, setTyped] = useState(view.what);
  const items = (list.data?.items ?? []).map((i) => ({ ...i, canEdit: false }));
  const total = list.data?.total ?? 0;
  const searching = Boolean(view.tag || view.what);

  if (info.isError) {
    return (
      <div className={styles.page}>
        <title>{`Public library - ${name}`}</title>
        <StateBox tone="error">No such user.</StateBox>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <title>{`Public library - ${name}`}</title>
      {info.data ? <ProfileHeader info={info.data.data} /> : <div className={styles.metaSpacer} />}
      <div className={styles.body}>
        <ProfileTags username={name} current={view.tag} sort={tagSort} onSort={setTagSort} />
        <main className={styles.main}>
          <form
            className={styles.searchBar}
            onSubmit={(e) => {
              e.preventDefault();
              change({ what: typed.trim() });
            }}
          >
            <input
              type="search"
              aria-label="Search this public library"
              placeholder="Search this public library"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
            <SortSelect label="Sort" value={view.sort} onChange={(sort) => change({ sort })} />
          </form>
          <p className={styles.summary}>
            {total} public item{total === 1 ? '' : 's'}
            {view.tag ? ` tagged ${view.tag}` : ''}
            {view.what ? ` matching ${view.what}` : ''}
            {searching ? (
              <>
                {' · '}
                <Link to={links.profile(name)} onClick={() => setTyped('')}>
                  Return to all
                </Link>
              </>
            ) : null}
          </p>
          {list.isError ? (
            <StateBox tone="error">The list could not be loaded.</StateBox>
          ) : list.data && items.length === 0 ? (
            <StateBox>No public items here.</StateBox>
          ) : (
            <ItemList
              items={items}
              grid={false}
              username={name}
              expanded
              layout={LAYOUT_DEFAULT}
              selection={EMPTY_SELECTION}
              ctx={ctx}
              tagHref={(t) => links.profile(name, t)}
              what={loadParams(view, name).what ?? ''}
              listQuery=""
              onSelect={() => undefined}
              onAction={(id, item) => actions.run(id, [item])}
              showAd={searching && (list.data?.adsInfo.showAds ?? false)}
              stale={list.isPlaceholderData}
            />
          )}
          <footer className={styles.footer}>
            <span>
              {total} item{total === 1 ? '' : 's'}
            </span>
            <PageSizeSelect label="Per page" value={view.count} onChange={(count) => change({ count })} />
            <Pagination
              page={view.page + 1}
              pageCount={pageCountFor(total, view.count)}
              hrefFor={(page) => hrefFor({ page: page - 1 })}
            />
            {list.data?.rss_link ? <a href={list.data.rss_link}>RSS</a> : null}
          </footer>
        </main>
      </div>
    </div>
  );
}
