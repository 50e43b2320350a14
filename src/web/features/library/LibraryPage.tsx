import { ArrowUp } from 'lucide-react';
import { useEffect, useReducer, useState } from 'react';
import { useNavigate } from 'react-router';
import { BACK_TO_TOP_PX, COOKIE_DAYS_LONG } from '../../../shared/limits.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { isSignedIn } from '../../../shared/schemas/user-info.ts';
import { tagFilterText } from '../../../shared/search-query.ts';
import { ApiError } from '../../api/client.ts';
import { useItems } from '../../api/items.ts';
import { useLiveItems } from '../../api/live.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { readCookie, writeCookie } from '../../lib/cookies.ts';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ActionBar, type AddKind } from './ActionBar.tsx';
import { HeaderAd } from './Ads.tsx';
import { BulkBar } from './BulkBar.tsx';
import { EmptyState, emptyKind, LoadError } from './EmptyState.tsx';
import { ItemList } from './ItemList.tsx';
import styles from './Library.module.css';
import { LibraryFooter } from './LibraryFooter.tsx';
import { libraryText } from './messages.ts';
import { AddBookmarkModal } from './modals/AddBookmarkModal.tsx';
import { ComingModal } from './modals/ComingModal.tsx';
import { DeleteModal } from './modals/DeleteModal.tsx';
import { EditItemModal } from './modals/EditItemModal.tsx';
import { ReviseTagsModal } from './modals/ReviseTagsModal.tsx';
import { SearchSummary } from './SearchSummary.tsx';
import { Sidebar } from './Sidebar.tsx';
import { EMPTY_SELECTION, inBulkMode, selectionReducer } from './selection.ts';
import { useItemActions } from './useItemActions.ts';
import { useLibraryView } from './useLibraryView.ts';
import { type LibraryView, pageAfterDelete, viewShows, viewToLoadParams, withChange } from './view.ts';

/** The library (spec part 1 §2): /user/{name} and /user/{name}/{tag}; the URL holds the view. */
export function LibraryPage() {
  const { username, view, change, hrefFor } = useLibraryView();
  const navigate = useNavigate();
  const notify = useNotify();
  const { data: info } = useUserInfo();
  const me = isSignedIn(info) ? info : null;
  const isOwner = me !== null && me.name.toLowerCase() === username.toLowerCase();
  useLiveItems(isOwner ? me.name : null);

  const list = useItems(viewToLoadParams(view, username));
  const items = list.data?.items ?? [];
  const [selection, select] = useReducer(selectionReducer, EMPTY_SELECTION);
  const [expanded, setExpanded] = useState(() => readCookie('expand') !== 'false');
  const [adding, setAdding] = useState<AddKind | null>(null);
  const ctx = { signedIn: me !== null };
  const patchHref = (patch: Partial<LibraryView>) => hrefFor(withChange(view, patch));
  const actions = useItemActions({
    ctx,
    onDeleted: (count) => {
      const page = pageAfterDelete(view.page, items.length, count);
      if (page !== view.page) change({ page });
      select({ type: 'clear' });
    },
  });

  const ids = items.map((i) => i.link_id).join(',');
  useEffect(() => select({ type: 'keep', ids: ids ? ids.split(',').map(Number) : [] }), [ids]);

  const bulkMode = inBulkMode(selection);
  useEffect(() => {
    if (!bulkMode) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('[role="dialog"]')) select({ type: 'clear' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [bulkMode]);

  const selectedItems = items.filter((i) => selection.ids.includes(i.link_id));
  const onAdded = (item: ItemReply) => {
    const hidden = !viewShows(view, item);
    notify({
      kind: 'done',
      text: libraryText.saved,
      ...(hidden
        ? { action: { label: 'Show all items', onClick: () => navigate(hrefFor(withChange(view, CLEARED))) } }
        : {}),
    });
  };
  const toggleExpanded = () => {
    writeCookie('expand', String(!expanded), COOKIE_DAYS_LONG);
    setExpanded(!expanded);
  };

  // visitors and free plans see ads; the server says which
  const showAds = (list.data?.adsInfo ?? info?.adsInfo)?.showAds ?? false;
  const error = list.error instanceof ApiError ? list.error : null;
  const libraryEmpty = list.data !== undefined && list.data.total === 0 && isOwner;
  return (
    <div className={styles.page}>
      <PageHeader title="Library" documentTitle="Library" />
      {showAds ? <HeaderAd /> : null}
      <ActionBar
        title={isOwner ? 'My Library' : `${username}'s Library`}
        isOwner={isOwner}
        premium={Boolean(me?.premium.isPremium)}
        what={view.what}
        snapshot={view.snapshot}
        expanded={expanded}
        bulkMode={bulkMode}
        onSearch={(what, snapshot) => change({ what, snapshot })}
        onToggleExpanded={toggleExpanded}
        onToggleBulk={() => select({ type: 'bulkEdit', on: !bulkMode })}
        onAdd={setAdding}
      />
      <div className={styles.layout}>
        <Sidebar
          username={username}
          isOwner={isOwner}
          view={view}
          unreadTotal={list.data?.unread_total ?? 0}
          relTags={list.data?.rel_tags ?? []}
          hrefFor={patchHref}
        />
        <section className={styles.listArea} aria-label="Items" aria-busy={list.isFetching}>
          {view.what ? <SearchSummary view={view} total={list.data?.total ?? 0} onChange={change} /> : null}
          {bulkMode ? (
            <BulkBar
              count={selection.ids.length}
              allSelected={items.length > 0 && selection.ids.length === items.length}
              onSelectAll={() => select({ type: 'selectAll', ids: items.map((i) => i.link_id) })}
              onClear={() => select({ type: 'selectAll', ids: [] })}
              onClose={() => select({ type: 'clear' })}
              onAction={(id) => actions.run(id, selectedItems)}
            />
          ) : null}
          {error ? (
            <LoadError
              message={error.message}
              premiumOnly={error.status === 402}
              onRetry={() => list.refetch()}
            />
          ) : list.isPending ? (
            <div className={styles.skeletons} role="status" aria-label="Loading">
              {[0, 1, 2, 3, 4].map((n) => (
                <div key={n} className={styles.skeleton} />
              ))}
            </div>
          ) : items.length === 0 ? (
            <EmptyState
              kind={emptyKind(view, libraryEmpty)}
              isOwner={isOwner}
              bookmarksHref={patchHref({ ...CLEARED, filter: 'bookmark' })}
              onAdd={() => setAdding('bookmark')}
            />
          ) : (
            <ItemList
              items={items}
              grid={view.filter === 'image'}
              username={username}
              expanded={expanded}
              selection={selection}
              ctx={ctx}
              tagHref={(tag) => patchHref({ what: tagFilterText(tag) })}
              onSelect={select}
              onAction={(id, item) => actions.run(id, [item])}
              showAd={showAds}
            />
          )}
          {list.data && list.data.total > 0 ? (
            <LibraryFooter
              total={list.data.total}
              view={view}
              rssLink={list.data.rss_link}
              hrefFor={patchHref}
              onChange={change}
            />
          ) : null}
        </section>
      </div>
      <BackToTop />
      <AddBookmarkModal
        open={adding === 'bookmark'}
        onOpenChange={(o) => setAdding(o ? 'bookmark' : null)}
        onAdded={onAdded}
      />
      <ComingModal kind={adding === 'bookmark' ? null : adding} onClose={() => setAdding(null)} />
      <EditItemModal item={actions.editing} onClose={actions.closeEdit} />
      <DeleteModal
        count={actions.deleting.length}
        busy={actions.deleteBusy}
        onConfirm={actions.confirmDelete}
        onClose={actions.closeDelete}
      />
      <ReviseTagsModal
        count={actions.revising.length}
        busy={actions.reviseBusy}
        onSubmit={actions.submitRevise}
        onClose={actions.closeRevise}
      />
    </div>
  );
}

const CLEARED: Partial<LibraryView> = {
  filter: null,
  unread: false,
  ann: false,
  privacy: null,
  what: '',
  snapshot: false,
  notInOutliner: false,
};

/** Back to top after 600 px of scrolling; instant when the user prefers reduced motion. */
function BackToTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > BACK_TO_TOP_PX);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!shown) return null;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return (
    <button
      type="button"
      className={styles.backToTop}
      aria-label="Back to top"
      onClick={() => window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })}
    >
      <ArrowUp size={18} aria-hidden="true" />
    </button>
  );
}
