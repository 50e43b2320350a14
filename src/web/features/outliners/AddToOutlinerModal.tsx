import { useState } from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { type Outliner, useAddToOutliner } from '../../api/outliners.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { outlinerText } from './messages.ts';
import { OutlinerPicker } from './OutlinerPicker.tsx';

/**
 * Add to outliner (the item menu) and Organize in Outliner (the bulk bar), spec part 1 §2, §9: pick
 * or create an outliner; nothing is sent unless an outliner is chosen and items are selected (§5).
 */
export function AddToOutlinerModal(props: { items: ItemReply[]; bulk: boolean; onClose: () => void }) {
  const notify = useNotify();
  const add = useAddToOutliner();
  const [chosen, setChosen] = useState<Outliner | null>(null);
  const open = props.items.length > 0;
  const close = () => {
    setChosen(null);
    props.onClose();
  };
  const submit = () => {
    if (!chosen || props.items.length === 0) return;
    const target = chosen;
    add.mutate(
      { outlinerId: target.id, linkIds: props.items.map((i) => i.link_id) },
      {
        onSuccess: () => {
          notify({ kind: 'done', text: outlinerText.added(props.items.length, target.title) });
          close();
        },
        onError: () => notify({ kind: 'error', text: outlinerText.addFailed }),
      },
    );
  };
  return (
    <Modal
      open={open}
      onOpenChange={(o) => !o && close()}
      title={props.bulk ? 'Organize in Outliner' : 'Add to outliner'}
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
          <Button variant="primary" disabled={!chosen} busy={add.isPending} onClick={submit}>
            {chosen ? `Add to ${chosen.title}` : 'Add'}
          </Button>
        </>
      }
    >
      {open ? <OutlinerPicker selected={chosen?.id ?? null} onPick={setChosen} /> : null}
    </Modal>
  );
}
