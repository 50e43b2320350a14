import { ExportDialogs } from '../export/ExportDialogs.tsx';
import { DeleteModal } from '../library/modals/DeleteModal.tsx';
import { EditItemModal } from '../library/modals/EditItemModal.tsx';
import { ReviseTagsModal } from '../library/modals/ReviseTagsModal.tsx';
import type { useItemActions } from '../library/useItemActions.ts';
import { SendEmailModal } from '../sharing/SendEmailModal.tsx';
import { ShareModal } from '../sharing/ShareModal.tsx';

/** The dialogs item actions open on pages without their own (an item page); loaded on first use. */
export default function ItemActionDialogs({ actions }: { actions: ReturnType<typeof useItemActions> }) {
  return (
    <>
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
      <ShareModal item={actions.sharing} onClose={actions.closeShare} />
      <SendEmailModal items={actions.mailing} onClose={actions.closeMail} />
      <ExportDialogs actions={actions} />
    </>
  );
}
