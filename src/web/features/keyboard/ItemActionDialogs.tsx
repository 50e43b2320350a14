import { DeleteModal } from '../library/modals/DeleteModal.tsx';
import { EditItemModal } from '../library/modals/EditItemModal.tsx';
import { ReviseTagsModal } from '../library/modals/ReviseTagsModal.tsx';
import type { useItemActions } from '../library/useItemActions.ts';

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
    </>
  );
}
