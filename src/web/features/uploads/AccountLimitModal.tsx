import { useNavigate } from 'react-router';
import { PLANS } from '../../../shared/plans.ts';
import { UPLOAD_MSG } from '../../../shared/schemas/uploads.ts';
import type { UserInfo } from '../../../shared/schemas/user-info.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import type { UploadKind } from './file-list.ts';
import styles from './Uploads.module.css';

/** The plan's quota and use of PDFs or images, for the dialog's second line. */
function usage(info: UserInfo, kind: UploadKind): string | null {
  const { quota, used } =
    kind === 'pdf'
      ? { quota: info.permissions.pdfPermission.pdfQuota, used: info.permissions.pdfPermission.pdfUsedCount }
      : {
          quota: info.permissions.imagePermission.imageQuota,
          used: info.permissions.imagePermission.imageUsedCount,
        };
  if (quota === null) return null;
  const plan = PLANS[info.premium.servicePlan]?.label ?? info.premium.servicePlan;
  return `${plan} plan: ${used} of ${quota} ${kind === 'pdf' ? 'PDFs' : 'images'} used.`;
}

/** Account Limit Reached (spec part 1 §2, §4): Add PDF / Image when the plan allows no more. */
export function AccountLimitModal(props: { kind: UploadKind | null; info: UserInfo; onClose: () => void }) {
  const navigate = useNavigate();
  const line = props.kind ? usage(props.info, props.kind) : null;
  return (
    <Modal
      open={props.kind !== null}
      onOpenChange={(open) => !open && props.onClose()}
      title="Account Limit Reached"
      size="sm"
      footer={
        <>
          <Button variant="ghost" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            variant="primary"
            onClick={() => {
              props.onClose();
              navigate('/premium');
            }}
          >
            Go upgrade
          </Button>
        </>
      }
    >
      <p className={styles.limitText}>
        {props.kind === 'pdf'
          ? UPLOAD_MSG.planLimitPdf
          : props.kind === 'image'
            ? UPLOAD_MSG.planLimitImage
            : ''}
      </p>
      {line ? <p className={styles.limitUsage}>{line}</p> : null}
    </Modal>
  );
}
