import { type ReactNode, useState } from 'react';
import type { ItemReply } from '../../../../shared/schemas/items.ts';
import { Button } from '../../../ui/Button.tsx';
import { Modal } from '../../../ui/Modal.tsx';

/**
 * The one shape of "send these items to a place I pick" (Share to group, Add to outliner, Organize in
 * Outliner; spec part 1 §5): open while there are items, the item's title or the count as its
 * description, Cancel and '{verb} to {name}' (just '{verb}' until a place is chosen); nothing is sent
 * without a choice and items. `send` calls `done` once it worked, which closes the modal.
 */
export function PickForItemsModal<T>(props: {
  items: ItemReply[];
  title: string;
  verb: string;
  nameOf: (target: T) => string;
  busy: boolean;
  send: (target: T, done: () => void) => void;
  onClose: () => void;
  children: (chosen: T | null, choose: (target: T) => void) => ReactNode;
}) {
  const [chosen, setChosen] = useState<T | null>(null);
  const open = props.items.length > 0;
  const close = () => {
    setChosen(null);
    props.onClose();
  };
  const submit = () => {
    if (chosen === null || props.items.length === 0) return;
    props.send(chosen, close);
  };
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && close()}
      title={props.title}
      description={
        props.items.length === 1
          ? `“${props.items[0]!.title || props.items[0]!.url}”`
          : `${props.items.length} items`
      }
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button variant="primary" disabled={chosen === null} busy={props.busy} onClick={submit}>
            {chosen === null ? props.verb : `${props.verb} to ${props.nameOf(chosen)}`}
          </Button>
        </>
      }
    >
      {props.children(chosen, setChosen)}
    </Modal>
  );
}
