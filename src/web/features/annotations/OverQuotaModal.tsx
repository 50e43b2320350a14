import { Link } from 'react-router';
import { HIGHLIGHT_OVER_QUOTA } from '../../../shared/schemas/values.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';

export type QuotaKind = 'highlight' | 'image' | 'pdf';

/** The Over quota dialog's texts, word for word (spec part 1 §5). */
export const OVER_QUOTA_TEXT: Record<QuotaKind, string> = {
  highlight: HIGHLIGHT_OVER_QUOTA.message,
  image: 'Your Image number is over quota',
  pdf: 'Your PDF number is over quota',
};

/** Shown instead of saving when a plan's highlight, image or PDF quota is used up; offers the upgrade. */
export function OverQuotaModal(props: { kind: QuotaKind | null; onClose: () => void }) {
  return (
    <Modal
      open={props.kind !== null}
      onOpenChange={(open) => !open && props.onClose()}
      title="Over quota"
      size="sm"
      footer={
        <Link to="/premium" className={buttonClass('primary')} onClick={props.onClose}>
          Upgrade Now!
        </Link>
      }
    >
      <p>{props.kind ? OVER_QUOTA_TEXT[props.kind] : ''}</p>
    </Modal>
  );
}
