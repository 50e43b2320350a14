import type { ItemReply } from '../../../shared/schemas/items.ts';
import { type Outliner, useAddToOutliner } from '../../api/outliners.ts';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { PickForItemsModal } from '../library/modals/PickForItemsModal.tsx';
import { outlinerText } from './messages.ts';
import { OutlinerPicker } from './OutlinerPicker.tsx';

/**
 * Add to outliner (the item menu) and Organize in Outliner (the bulk bar), spec part 1 §2, §9: pick
 * or create an outliner; nothing is sent unless an outliner is chosen and items are selected (§5).
 */
export function AddToOutlinerModal(props: { items: ItemReply[]; bulk: boolean; onClose: () => void }) {
  const notify = useNotify();
  const add = useAddToOutliner();
  const send = (target: Outliner, done: () => void) =>
    add.mutate(
      { outlinerId: target.id, linkIds: props.items.map((i) => i.link_id) },
      {
        onSuccess: () => {
          notify({ kind: 'done', text: outlinerText.added(props.items.length, target.title) });
          done();
        },
        onError: () => notify({ kind: 'error', text: outlinerText.addFailed }),
      },
    );
  return (
    <PickForItemsModal<Outliner>
      items={props.items}
      title={props.bulk ? 'Organize in Outliner' : 'Add to outliner'}
      verb="Add"
      nameOf={(o) => o.title}
      busy={add.isPending}
      send={send}
      onClose={props.onClose}
    >
      {(chosen, choose) =>
        props.items.length > 0 ? <OutlinerPicker selected={chosen?.id ?? null} onPick={choose} /> : null
      }
    </PickForItemsModal>
  );
}
