import type { ItemReply } from '../../../../shared/schemas/items.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { EditItemForm } from './EditItemForm.tsx';

/** Edit Item: title, URL, tags, description, unread and private, saved by link_id. */
export function EditItemModal({ item, onClose }: { item: ItemReply | null; onClose: () => void }) {
  return (
    <Modal open={item !== null} onOpenChange={(open) => !open && onClose()} title="Edit Item">
      <EditItemForm item={item} onDone={onClose} />
    </Modal>
  );
}
