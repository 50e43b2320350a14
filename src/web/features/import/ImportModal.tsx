import { Modal } from '../../ui/Modal.tsx';
import { ImportPanel } from './ImportPanel.tsx';

/** Add > Import from another service: the Settings section's import, over the library. */
export function ImportModal(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Modal open={props.open} onOpenChange={props.onOpenChange} title="Import from another service" size="md">
      <ImportPanel />
    </Modal>
  );
}
