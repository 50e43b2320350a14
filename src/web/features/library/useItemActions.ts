import { useState } from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { ApiError } from '../../api/client.ts';
import { useConvertMode, useDeleteItems, useMarkRead, useReviseTags, useStar } from '../../api/items.ts';
import { useRestoreItems } from '../../api/trash.ts';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { type ActionContext, type ActionId, type ActionRuntime, performAction } from './actions.ts';
import { libraryText } from './messages.ts';

/** Runs item actions (actions.ts) on one item or a selection; holds the dialogs they open. */
export function useItemActions(opts: { ctx: ActionContext; onDeleted: (count: number) => void }) {
  const notify = useNotify();
  const markRead = useMarkRead();
  const convert = useConvertMode();
  const starring = useStar();
  const del = useDeleteItems();
  const revise = useReviseTags();
  const restore = useRestoreItems();
  const [editing, setEditing] = useState<ItemReply | null>(null);
  const [deleting, setDeleting] = useState<ItemReply[]>([]);
  const [revising, setRevising] = useState<ItemReply[]>([]);
  const [organizing, setOrganizing] = useState<ItemReply[]>([]);
  const [sharing, setSharing] = useState<ItemReply | null>(null);
  const [mailing, setMailing] = useState<ItemReply[]>([]);
  const [exporting, setExporting] = useState<ItemReply[]>([]);
  const [reporting, setReporting] = useState<ItemReply[]>([]);
  const [groupSharing, setGroupSharing] = useState<ItemReply[]>([]);

  const runtime: ActionRuntime = {
    ctx: opts.ctx,
    notify,
    markRead: (ids, read) => markRead.mutateAsync({ ids, read }),
    convertMode: (ids, mode) => convert.mutateAsync({ ids, mode }),
    star: (ids, starred) => starring.mutateAsync({ ids, starred }),
    openEdit: setEditing,
    openDelete: setDeleting,
    openReviseTags: setRevising,
    openAddToOutliner: setOrganizing,
    openShare: setSharing,
    openSendEmail: setMailing,
    openExport: setExporting,
    openReport: setReporting,
    // Share to Group is not for notes: a selection shares its other items
    openShareToGroup: (items) => setGroupSharing(items.filter((i) => i.type_name !== 'note' && i.canEdit)),
    go: (url, go) => {
      if (go?.newTab) window.open(url, '_blank', 'noopener');
      else window.location.assign(url);
    },
  };
  const run = (action: ActionId, items: ItemReply[]) => void performAction(action, items, runtime);

  const confirmDelete = () => {
    const items = deleting;
    const type = items.length === 1 ? items[0]!.type_name : 'Item';
    del.mutate(
      items.map((i) => i.link_id),
      {
        onSuccess: (r) => {
          // deleted items wait in the trash: Undo brings them back
          const shown = notify({
            kind: 'done',
            text: libraryText.deleted(r.link_ids.length),
            action: {
              label: libraryText.undo,
              onClick: () => {
                shown.dismiss();
                restore.mutate(r.link_ids, {
                  onSuccess: (back) =>
                    notify({ kind: 'done', text: libraryText.restored(back.link_ids.length) }),
                  onError: (error) =>
                    notify({
                      kind: 'error',
                      text:
                        error instanceof ApiError && error.message
                          ? error.message
                          : libraryText.restoreFailed,
                    }),
                });
              },
            },
          });
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
    organizing,
    closeOrganize: () => setOrganizing([]),
    sharing,
    closeShare: () => setSharing(null),
    mailing,
    closeMail: () => setMailing([]),
    exporting,
    closeExport: () => setExporting([]),
    reporting,
    closeReport: () => setReporting([]),
    groupSharing,
    closeGroupShare: () => setGroupSharing([]),
  };
}
