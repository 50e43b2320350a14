import { RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TrashedItem } from '../../../shared/schemas/trash.ts';
import { isSignedIn } from '../../../shared/schemas/values.ts';
import { ApiError } from '../../api/client.ts';
import { useDeleteForever, useEmptyTrash, useRestoreItems, useTrash } from '../../api/trash.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { StepPager } from '../../ui/StepPager.tsx';
import { upkeepText } from './messages.ts';
import styles from './Upkeep.module.css';

const PAGE = 48;

type Confirming = { kind: 'empty' } | { kind: 'forever'; item: TrashedItem } | null;

/** /trash: what was deleted, with Restore, Delete forever and Empty trash (issue 33). */
export function TrashPage() {
  const { data: info } = useUserInfo();
  const signedIn = isSignedIn(info);
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const trash = useTrash(page);
  const restore = useRestoreItems();
  const forever = useDeleteForever();
  const empty = useEmptyTrash();
  const [confirming, setConfirming] = useState<Confirming>(null);
  const failed = (error: unknown) =>
    notify({
      kind: 'error',
      text: error instanceof ApiError && error.message ? error.message : upkeepText.failed,
    });

  if (info && !signedIn) {
    return (
      <div className={styles.page}>
        <PageHeader title={upkeepText.trashTitle} documentTitle={upkeepText.trashTitle} />
        <StateBox>
          <p>
            <Link to="/sign-in">Sign in</Link> to see your trash.
          </p>
        </StateBox>
      </div>
    );
  }
  const items = trash.data?.items ?? [];
  const total = trash.data?.total ?? 0;
  const confirm = () => {
    const target = confirming;
    if (!target) return;
    const done = (r: { link_ids: number[] }) =>
      notify({ kind: 'done', text: upkeepText.deletedForever(r.link_ids.length) });
    const settle = { onSuccess: done, onError: failed, onSettled: () => setConfirming(null) };
    if (target.kind === 'empty') empty.mutate(undefined, settle);
    else forever.mutate([target.item.link_id], settle);
  };
  return (
    <div className={styles.page}>
      <PageHeader
        title={upkeepText.trashTitle}
        documentTitle={upkeepText.trashTitle}
        actions={
          total > 0 ? (
            <Button
              variant="danger"
              icon={<Trash2 size={16} />}
              onClick={() => setConfirming({ kind: 'empty' })}
            >
              {upkeepText.emptyTrash}
            </Button>
          ) : null
        }
      />
      <p className={styles.intro}>{upkeepText.trashIntro}</p>
      {trash.isError ? (
        <StateBox role="alert" tone="error">
          <p>{upkeepText.loadFailed}</p>
        </StateBox>
      ) : trash.isPending ? (
        <StateBox role="status">
          <p>{upkeepText.loading}</p>
        </StateBox>
      ) : items.length === 0 ? (
        <StateBox icon={<Trash2 size={22} />}>
          <p>{upkeepText.trashEmpty}</p>
        </StateBox>
      ) : (
        <ul className={styles.list} aria-label="Trashed items">
          {items.map((item) => (
            <li key={item.link_id} className={styles.row} data-testid="trashed-item">
              <div className={styles.rowMain}>
                <span className={styles.rowTitle}>{item.title || item.url || item.type_name}</span>
                <span className={styles.rowMeta}>
                  {item.host ? `${item.host} · ` : ''}
                  {upkeepText.purgeOn(new Date(item.purge_at * 1000).toLocaleDateString())}
                </span>
              </div>
              <div className={styles.rowActions}>
                <Button
                  size="sm"
                  icon={<RotateCcw size={14} />}
                  busy={restore.isPending && restore.variables?.includes(item.link_id)}
                  aria-label={`${upkeepText.restore} ${item.title}`}
                  onClick={() =>
                    restore.mutate([item.link_id], {
                      onSuccess: (r) =>
                        notify({ kind: 'done', text: upkeepText.restored(r.link_ids.length) }),
                      onError: failed,
                    })
                  }
                >
                  {upkeepText.restore}
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<Trash2 size={14} />}
                  aria-label={`${upkeepText.deleteForever} ${item.title}`}
                  onClick={() => setConfirming({ kind: 'forever', item })}
                >
                  {upkeepText.deleteForever}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <StepPager page={page} pageCount={Math.ceil(total / PAGE)} onPage={setPage} />
      <Modal
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming?.kind === 'empty' ? upkeepText.emptyTrash : upkeepText.deleteForever}
        size="sm"
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button variant="danger" busy={forever.isPending || empty.isPending} onClick={confirm}>
              {confirming?.kind === 'empty' ? upkeepText.emptyTrash : upkeepText.deleteForever}
            </Button>
          </>
        }
      >
        <p>
          {confirming?.kind === 'forever'
            ? upkeepText.deleteForeverConfirm(confirming.item.title || confirming.item.url)
            : upkeepText.emptyConfirm}
        </p>
      </Modal>
    </div>
  );
}
