import { Button } from '../../../ui/Button.tsx';
import { Modal } from '../../../ui/Modal.tsx';

const ARRIVES: Record<string, string> = {
  image: 'Uploading images arrives with the Uploads feature.',
  pdf: 'Uploading PDFs arrives with the Uploads feature.',
};

/** Add menu entries whose features are not built yet say so plainly. */
export function ComingModal({ kind, onClose }: { kind: string | null; onClose: () => void }) {
  return (
    <Modal
      open={kind !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Coming soon"
      size="sm"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <p>{kind ? ARRIVES[kind] : ''}</p>
    </Modal>
  );
}
