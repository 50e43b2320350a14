import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { COOKIE_DAYS_LONG } from '../../../shared/limits.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { isSignedIn } from '../../../shared/schemas/values.ts';
import { tagFilterText } from '../../../shared/search-query.ts';
import { ApiError } from '../../api/client.ts';
import { useItems } from '../../api/items.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { readCookie, writeCookie } from '../../lib/cookies.ts';
import { lazyNamed, OnFirstUse } from '../../lib/lazy.tsx';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { ExportDialogs } from '../export/ExportDialogs.tsx';
import { ExtensionBar } from '../extension/ExtensionBar.tsx';
import { useFirstLibraryGuide, useGuideShowing } from '../guides/GuideProvider.tsx';
import { HealthViewNote } from '../health/HealthViewNote.tsx';
import { useCreateNote } from '../notes/new-note.ts';
import { ActionBar, type AddKind } from './ActionBar.tsx';
import { HeaderAd } from './Ads.tsx';
import { BackToTop } from './BackToTop.tsx';
import { BulkBar } from './BulkBar.tsx';
import { EmptyState, LoadError } from './EmptyState.tsx';
import { emptyKind } from './empty-kind.ts';
import { CLEARED_FILTERS } from './filters.ts';
import { ItemList } from './ItemList.tsx';
import styles from './Library.module.css';
import { LibraryFooter } from './LibraryFooter.tsx';
import { LAYOUT_COOKIE, type ListLayout, parseLayout } from './layout.ts';
import { libraryText } from './messages.ts';
import { SearchSummary } from './SearchSummary.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useItemActions } from './useItemActions.ts';
import { useLibraryKeyboard } from './useLibraryKeyboard.ts';
import { useLibraryView } from './useLibraryView.ts';
import { useSelection } from './useSelection.ts';
import {
  isFiltered,
  type LibraryView,
  pageAfterDelete,
  pageInRange,
  viewShows,
  viewToLoadParams,
  viewToSearch,
  withChange,
} from './view.ts';

// the dialogs (Radix Dialog, zod's schemas, the pickers) load when first opened (issue 14, Speed)
const Drawer = lazyNamed(() => import('../../ui/Drawer.tsx'), 'Drawer');
const ShareToGroupModal = lazyNamed(() => import('../groups/ShareToGroupModal.tsx'), 'ShareToGroupModal');
const KindleImportModal = lazyNamed(() => import('../kindle/KindleImportModal.tsx'), 'KindleImportModal');
const ImportModal = lazyNamed(() => import('../import/ImportModal.tsx'), 'ImportModal');
const AddToOutlinerModal = lazyNamed(
  () => import('../outliners/AddToOutlinerModal.tsx'),
  'AddToOutlinerModal',
);
const SendEmailModal = lazyNamed(() => import('../sharing/SendEmailModal.tsx'), 'SendEmailModal');
const ShareModal = lazyNamed(() => import('../sharing/ShareModal.tsx'), 'ShareModal');
const AddUpload = lazyNamed(() => import('../uploads/AddUpload.tsx'), 'AddUpload');
const AddBookmarkModal = lazyNamed(() => import('./modals/AddBookmarkModal.tsx'), 'AddBookmarkModal');
const DeleteModal = lazyNamed(() => import('./modals/DeleteModal.tsx'), 'DeleteModal');
const EditItemModal = lazyNamed(() => import('./modals/EditItemModal.tsx'), 'EditItemModal');
const ReviseTagsModal = lazyNamed(() => import('./modals/ReviseTagsModal.tsx'), 'ReviseTagsModal');

/** The library (spec part 1 §2): /user/{name} and /user/{name}/{tag}; the URL holds the view. */
export function LibraryPage() {
  const { username, view, change, hrefFor } = useLibraryView();
  const navigate = useNavigate();
  const notify = useNotify();
  const { data: info } = useUserInfo();
  const me = isSignedIn(info) ? info : null;
  const isOwner = me !== null && me.name.toLowerCase() === username.toLowerCase();

  useFirstLibraryGuide(isOwner);
  const guideShowing = useGuideShowing();
  const list = useItems(viewToLoadParams(view, username));
  const items = list.data?.items ?? [];
  const { selection, select, bulkMode, selectedItems } = useSelection(items);
  const narrow = useMediaQuery(NARROW);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const location = useLocation();
  // a filter picked in the drawer closes it
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setFiltersOpen(false), [location.key]);
  const [expanded, setExpanded] = useState(() => readCookie('expand') !== 'false');
  const [layout, setLayout] = useState<ListLayout>(() => parseLayout(readCookie(LAYOUT_COOKIE)));
  const changeLayout = (next: ListLayout) => {
    writeCookie(LAYOUT_COOKIE, next, COOKIE_DAYS_LONG);
    setLayout(next);
  };
  const [adding, setAdding] = useState<AddKind | null>(null);
  // the Save to Folio bookmarklet opens /user/{name}?add={url}: the add form, filled in
  const [pageToAdd, setPageToAdd] = useState<string>();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const page = params.get('add');
    if (!page || !isOwner) return;
    setPageToAdd(page);
    setAdding('bookmark');
    params.delete('add');
    navigate({ search: params.toString() }, { replace: true });
  }, [location.search, isOwner, navigate]);
  // a page past the end (a stale link, ?page=99) shows the last page instead of an empty list
  const total = list.data?.total;
  const settled = list.data !== undefined && !list.isPlaceholderData;
  useEffect(() => {
    if (!settled || total === undefined) return;
    const page = pageInRange(view.page, total, view.count);
    if (page !== null) navigate(hrefFor(withChange(view, { page })), { replace: true });
  }, [settled, total, view, navigate, hrefFor]);
  // a new page starts at its top, as a new document would
  const shownPage = useRef(view.page);
  useEffect(() => {
    if (shownPage.current === view.page) return;
    shownPage.current = view.page;
    window.scrollTo({ top: 0, behavior: 'instant' });
  }, [view.page]);
  // the palette's Add entries from another page arrive as navigation state
  useEffect(() => {
    const kind = (location.state as { add?: AddKind } | null)?.add;
    if (!kind || !isOwner) return;
    setAdding(kind);
    navigate({ search: location.search }, { replace: true, state: null });
  }, [location.state, location.search, isOwner, navigate]);
  const createNote = useCreateNote();
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
  useLibraryKeyboard({
    items,
    selectedItems,
    run: actions.run,
    add: (kind) => (kind === 'note' ? createNote() : setAdding(kind)),
  });

  const onAdded = (item: ItemReply, updated: boolean, count = 1) => {
    const hidden = !viewShows(view, item);
    notify({
      kind: 'done',
      text: updated
        ? libraryText.savedAgain
        : count > 1
          ? `${count} items saved to you Library.`
          : libraryText.saved,
      ...(hidden
        ? {
            action: {
              label: 'Show all items',
              onClick: () => navigate(hrefFor(withChange(view, CLEARED_FILTERS))),
            },
          }
        : {}),
    });
  };
  const toggleExpanded = () => {
    writeCookie('expand', String(!expanded), COOKIE_DAYS_LONG);
    setExpanded(!expanded);
  };

  // visitors and free plans see ads; the server says which
  const showAds = (list.data?.adsInfo ?? info?.adsInfo)?.showAds ?? false;
  // an owner's first minute teaches the library: the Premium banner waits for the first save (a
  // filtered view is one of a library that has something to filter)
  const hasSaved = list.data !== undefined && (list.data.total > 0 || isFiltered(view));
  const showHeaderAd = showAds && (!isOwner || hasSaved);
  const sidebar = (
    <Sidebar
      username={username}
      isOwner={isOwner}
      view={view}
      unreadTotal={list.data?.unread_total ?? 0}
      relTags={list.data?.rel_tags ?? []}
      hrefFor={patchHref}
      premium={Boolean(me?.premium.isPremium)}
    />
  );
  const error = list.error instanceof ApiError ? list.error : null;
  return (
    <div className={styles.page}>
      <title>Library</title>
      {showHeaderAd ? <HeaderAd /> : null}
      {isOwner && !guideShowing ? <ExtensionBar username={me.name} /> : null}
      <ActionBar
        title={isOwner ? 'My Library' : `${username}'s Library`}
        isOwner={isOwner}
        premium={Boolean(me?.premium.isPremium)}
        what={view.what}
        snapshot={view.snapshot}
        expanded={expanded}
        layout={layout}
        onLayout={changeLayout}
        bulkMode={bulkMode}
        onSearch={(what, snapshot) => change({ what, snapshot })}
        onToggleExpanded={toggleExpanded}
        onToggleBulk={() => select({ type: 'bulkEdit', on: !bulkMode })}
        onAdd={(kind) => (kind === 'note' ? createNote() : setAdding(kind))}
        onOpenFilters={narrow ? () => setFiltersOpen(true) : undefined}
      />
      <div className={styles.layout}>
        {narrow ? null : <aside className={styles.sidebar}>{sidebar}</aside>}
        <section className={styles.listArea} aria-label="Items" aria-busy={list.isFetching}>
          {view.health ? <HealthViewNote health={view.health} /> : null}
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
            <LoadError premiumOnly={error.status === 402} onRetry={() => list.refetch()} />
          ) : list.isPending || (items.length === 0 && (total ?? 0) > 0) ? (
            // a page past the end is on its way to the last page: not 'No item yet' beside the count
            <div className={styles.skeletons} role="status" aria-label="Loading">
              {[0, 1, 2, 3, 4].map((n) => (
                <div key={n} className={styles.skeleton} />
              ))}
            </div>
          ) : items.length === 0 ? (
            <EmptyState
              kind={emptyKind(view)}
              isOwner={isOwner}
              bookmarksHref={patchHref({ ...CLEARED_FILTERS, filter: 'bookmark' })}
              onStart={setAdding}
            />
          ) : (
            <ItemList
              stale={list.isPlaceholderData}
              items={items}
              grid={view.filter === 'image'}
              username={username}
              expanded={expanded}
              layout={layout}
              selection={selection}
              ctx={ctx}
              tagHref={(tag) => patchHref({ what: tagFilterText(tag) })}
              what={view.what}
              listQuery={viewToSearch(view).toString()}
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
      {narrow ? (
        <OnFirstUse when={filtersOpen}>
          <Drawer open={filtersOpen} onOpenChange={setFiltersOpen} title="Filters">
            {sidebar}
          </Drawer>
        </OnFirstUse>
      ) : null}
      <OnFirstUse when={adding === 'bookmark'}>
        <AddBookmarkModal
          open={adding === 'bookmark'}
          onOpenChange={(o) => setAdding(o ? 'bookmark' : null)}
          onAdded={onAdded}
          initialUrl={pageToAdd}
        />
      </OnFirstUse>
      <OnFirstUse when={adding === 'pdf' || adding === 'image'}>
        <AddUpload
          kind={adding === 'pdf' || adding === 'image' ? adding : null}
          onClose={() => setAdding(null)}
          onAdded={(added) => onAdded(added[added.length - 1]!, false, added.length)}
        />
      </OnFirstUse>
      <OnFirstUse when={adding === 'kindle'}>
        <KindleImportModal
          open={adding === 'kindle'}
          onOpenChange={(o) => setAdding(o ? 'kindle' : null)}
          kindleHref={patchHref({ ...CLEARED_FILTERS, filter: 'kindle' })}
        />
      </OnFirstUse>
      <OnFirstUse when={adding === 'import'}>
        <ImportModal open={adding === 'import'} onOpenChange={(o) => setAdding(o ? 'import' : null)} />
      </OnFirstUse>
      <OnFirstUse when={actions.editing !== null}>
        <EditItemModal item={actions.editing} onClose={actions.closeEdit} />
      </OnFirstUse>
      <OnFirstUse when={actions.deleting.length > 0}>
        <DeleteModal
          count={actions.deleting.length}
          busy={actions.deleteBusy}
          onConfirm={actions.confirmDelete}
          onClose={actions.closeDelete}
        />
      </OnFirstUse>
      <OnFirstUse when={actions.organizing.length > 0}>
        <AddToOutlinerModal items={actions.organizing} bulk={bulkMode} onClose={actions.closeOrganize} />
      </OnFirstUse>
      <OnFirstUse when={actions.sharing !== null}>
        <ShareModal item={actions.sharing} onClose={actions.closeShare} />
      </OnFirstUse>
      <OnFirstUse when={actions.mailing.length > 0}>
        <SendEmailModal items={actions.mailing} onClose={actions.closeMail} />
      </OnFirstUse>
      <ExportDialogs actions={actions} />
      <OnFirstUse when={actions.groupSharing.length > 0}>
        <ShareToGroupModal items={actions.groupSharing} onClose={actions.closeGroupShare} />
      </OnFirstUse>
      <OnFirstUse when={actions.revising.length > 0}>
        <ReviseTagsModal
          count={actions.revising.length}
          busy={actions.reviseBusy}
          onSubmit={actions.submitRevise}
          onClose={actions.closeRevise}
        />
      </OnFirstUse>
    </div>
  );
}

const NARROW = '(max-width: 900px)';
