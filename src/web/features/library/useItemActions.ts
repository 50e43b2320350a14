import { useState } from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { exportCsvUrl, useConvertMode, useDeleteItems, useMarkRead, useReviseTags } from '../../api/items.ts';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { type ActionContext, type ActionId, applicableIds } from './actions.ts';
import { libraryText } from './messages.ts';

/** Runs item actions on one item or a selection, with the spec's notifications. */
export function useItemActions(opts: { ctx: ActionContext; onDeleted: (count: number) => void }) {
  const notify = useNotify();
  const markRead = useMarkRead();
  const convert = useConvertMode();
  const del = useDeleteItems();
  const revise = useReviseTags();
  const [editing, setEditing] = useState<ItemReply | null>(null);
  const [deleting, setDeleting] = useState<ItemReply[]>([]);
  const [revising, setRevising] = useState<ItemReply[]>([]);

  const run = (action: ActionId, items: ItemReply[]) => {
    if (items.length === 0) return;
    const ids = (id: ActionId) => applicableIds(id, items, opts.ctx);
    switch (action) {
      case 'edit':
        return setEditing(items[0]!);
      case 'delete':
        return setDeleting(items);
      case 'reviseTags':
        return setRevising(items);
      case 'markRead':
      case 'markUnread': {
        const read = action === 'markRead';
        const target = ids(action);
        if (target.length === 0) return;
        const shown = notify({
          text: read ? 'Marking as read...' : 'Marking as unread...',
          kind: 'progress',
        });
        return markRead.mutate(
          { ids: target, read },
          {
            onSuccess: (r) =>
              shown.update({
                kind: 'done',
                text: read ? libraryText.markedRead(r.link_ids.length) : libraryText.markedUnread,
              }),
            onError: () => shown.update({ kind: 'error', text: libraryText.markFailed }),
          },
        );
      }
      case 'makePublic':
      case 'makePrivate': {
        const target = ids(action);
        if (target.length === 0) return;
        return convert.mutate(
          { ids: target, mode: action === 'makePublic' ? 'public' : 'private' },
          {
            onSuccess: () => notify({ kind: 'done', text: libraryText.privacyDone }),
            onError: () => notify({ kind: 'error', text: libraryText.privacyFailed }),
          },
        );
      }
      case 'exportCsv':
        window.location.assign(exportCsvUrl(items.map((i) => i.link_id)));
        return;
      case 'cachedPage':
        window.open(`/cached?url=${encodeURIComponent(items[0]!.url)}`, '_blank', 'noopener');
        return;
      case 'downloadImage':
        if (items[0]!.download_url) window.location.assign(items[0]!.download_url);
        return;
      case 'saveToLibrary':
        notify({ kind: 'error', text: 'Saving from other libraries arrives with sharing.' });
        return;
    }
  };

  const confirmDelete = () => {
    const items = deleting;
    const type = items.length === 1 ? items[0]!.type_name : 'Item';
    del.mutate(
      items.map((i) => i.link_id),
      {
        onSuccess: (r) => {
          notify({ kind: 'done', text: libraryText.deleted(r.link_ids.length) });
          setDeleting([]);
          opts.onDeleted(r.link_ids.length);
        },
        onError: () => {
          notify({ kind: 'error', text: libraryText.deleteFailed(type) });
          setDeleting([]);
        },
      },
    );
  };

  const submitRevise = (tags: string, mode: 0 | 1) => {
    revise.mutate(
      { ids: revising.map((i) => i.link_id), tags, mode },
      {
        onSuccess: () => {
          notify({ kind: 'done', text: libraryText.tagChanged });
          setRevising([]);
        },
        onError: () => notify({ kind: 'error', text: libraryText.tagChangeFailed }),
      },
    );
  };

  return {
    run,
    editing,
    closeEdit: () => setEditing(null),
    deleting,
    deleteBusy: del.isPending,
    confirmDelete,
    closeDelete: () => setDeleting([]),
    revising,
    reviseBusy: revise.isPending,
    submitRevise,
    closeRevise: () => setRevising([]),
  };
}
