import { Button } from '../../../ui/Button.tsx';
import { Modal } from '../../../ui/Modal.tsx';

/** Delete confirmation for one item or a selection. */
export function DeleteModal(props: {
  count: number;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={props.count > 0}
      onOpenChange={(open) => !open && props.onClose()}
      title="Delete"
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={props.onClose}>
            Cancel
          </Button>
          <Button variant="danger" onClick={props.onConfirm} busy={props.busy}>
            Delete
          </Button>
        </>
      }
    >
      <p>
        Delete {props.count === 1 ? 'this item' : `these ${props.count} items`}? Its annotations and notes go
        with it.
      </p>
    </Modal>
  );
}
