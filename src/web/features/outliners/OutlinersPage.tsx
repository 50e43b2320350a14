import { ArrowDownWideNarrow, ArrowUpNarrowWide, ListTree, Plus, Share2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { COOKIE_DAYS_LONG } from '../../../shared/limits.ts';
import { isSignedIn } from '../../../shared/schemas/values.ts';
import { type Outliner, useDeleteOutliner, useOutliners } from '../../api/outliners.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { readCookie, writeCookie } from '../../lib/cookies.ts';
import { links } from '../../lib/links.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { itemDate } from '../library/dates.ts';
import { libraryText } from '../library/messages.ts';
import { CreateOutlinerModal } from './CreateOutlinerModal.tsx';
import { outlinerText } from './messages.ts';
import { OpmlImportButton } from './OpmlImportButton.tsx';
import { canCreateOutliner, OutlinerLimitModal } from './OutlinerLimitModal.tsx';
import styles from './Outliners.module.css';
import { chooseSort, ORDER_COOKIE, type OutlinerSort, readSort, SORT_COOKIE, SORT_OPTIONS } from './sort.ts';

/** /outliners (spec part 1 §2, part 2 §2): search, sort (kept in cookies), create, import and delete. */
export function OutlinersPage() {
  const { data: info } = useUserInfo();
  const me = isSignedIn(info) ? info : null;
  const navigate = useNavigate();
  const notify = useNotify();
  const [search, setSearch] = useState('');
  const [sort, setSortState] = useState<OutlinerSort>(() => readSort(readCookie));
  const list = useOutliners({ search: search.trim(), ...sort }, me !== null);
  const remove = useDeleteOutliner();
  const [creating, setCreating] = useState(false);
  const [limit, setLimit] = useState(false);
  const [deleting, setDeleting] = useState<Outliner | null>(null);

  const setSort = (next: OutlinerSort) => {
    writeCookie(SORT_COOKIE, next.sort, COOKIE_DAYS_LONG);
    writeCookie(ORDER_COOKIE, next.order, COOKIE_DAYS_LONG);
    setSortState(next);
  };
  const startCreate = () => (canCreateOutliner(me) ? setCreating(true) : setLimit(true));
  const confirmDelete = () => {
    const target = deleting;
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => notify({ kind: 'done', text: outlinerText.deleted }),
      onError: () => notify({ kind: 'error', text: outlinerText.deleteFailed }),
      onSettled: () => setDeleting(null),
    });
  };

  if (info && !me) {
    return (
      <div className={styles.page}>
        <PageHeader title="Outliners" documentTitle="Outliners" />
        <StateBox>
          <p>
            <Link to="/sign-in">Sign in</Link> to see your outliners.
          </p>
        </StateBox>
      </div>
    );
  }
  const outliners = list.data ?? [];
  return (
    <div className={styles.page}>
      <PageHeader
        title="Outliners"
        documentTitle="Outliners"
        actions={
          <>
            <OpmlImportButton />
            <Button variant="primary" icon={<Plus size={16} />} onClick={startCreate}>
              New outliner
            </Button>
          </>
        }
      />
      <div className={styles.controls}>
        <input
          type="search"
          className={styles.search}
          placeholder="Search outliners"
          aria-label="Search outliners"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <label className={styles.sortLabel}>
          Sort by
          <select
            className={styles.select}
            value={sort.sort}
            onChange={(e) => setSort(chooseSort(e.target.value as OutlinerSort['sort']))}
          >
            {SORT_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <Button
          variant="ghost"
          size="sm"
          aria-label={
            sort.order === 'asc' ? 'Ascending (switch to descending)' : 'Descending (switch to ascending)'
          }
          icon={sort.order === 'asc' ? <ArrowUpNarrowWide size={16} /> : <ArrowDownWideNarrow size={16} />}
          onClick={() => setSort({ ...sort, order: sort.order === 'asc' ? 'desc' : 'asc' })}
        />
      </div>
      {list.isError ? (
        <StateBox role="alert" tone="error">
          <p>{libraryText.loadFailed}</p>
        </StateBox>
      ) : list.isPending ? (
        <StateBox role="status">
          <p>Loading...</p>
        </StateBox>
      ) : outliners.length === 0 ? (
        <StateBox icon={<ListTree size={22} />}>
          <p>{search.trim() ? outlinerText.noResult : 'No outliner yet.'}</p>
          {search.trim() ? null : (
            <Button variant="primary" size="sm" onClick={startCreate}>
              {outlinerText.createOne}
            </Button>
          )}
        </StateBox>
      ) : (
        <ul className={styles.list} aria-label="Outliners">
          {outliners.map((o) => (
            <li key={o.id} className={styles.row}>
              <ListTree size={16} aria-hidden="true" className={styles.rowIcon} />
              <Link to={links.outliner(o.id, o.title)} className={styles.rowTitle}>
                {o.title}
              </Link>
              {o.privacy === 2 ? (
                <span className={styles.shared} title="Shared by link">
                  <Share2 size={12} aria-hidden="true" /> Shared
                </span>
              ) : null}
              <span className={styles.rowMeta}>
                {o.entry_count} {o.entry_count === 1 ? 'entry' : 'entries'} · updated {itemDate(o.updated_at)}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Delete ${o.title}`}
                icon={<Trash2 size={14} />}
                onClick={() => setDeleting(o)}
              />
            </li>
          ))}
        </ul>
      )}
      <CreateOutlinerModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(o) => {
          setCreating(false);
          navigate(links.outliner(o.id, o.title));
        }}
      />
      {me ? <OutlinerLimitModal open={limit} info={me} onClose={() => setLimit(false)} /> : null}
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete outliner"
        size="sm"
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button variant="danger" busy={remove.isPending} onClick={confirmDelete}>
              Delete
            </Button>
          </>
        }
      >
        <p>
          Delete “{deleting?.title}” and all its entries? The items and highlights in it stay in your library.
        </p>
      </Modal>
    </div>
  );
}
