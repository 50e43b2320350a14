import type { UserInfo } from '../../../shared/schemas/user-info.ts';
import { UPLOAD_MSG } from '../../../shared/schemas/values.ts';
import { AccountLimitModal, type QuotaUse } from '../../ui/AccountLimitModal.tsx';
import type { UploadKind } from './file-list.ts';

/** The plan's quota and use of PDFs or images. */
function usage(info: UserInfo, kind: UploadKind): QuotaUse {
  return kind === 'pdf'
    ? {
        quota: info.permissions.pdfPermission.pdfQuota,
        used: info.permissions.pdfPermission.pdfUsedCount,
        unit: 'PDFs',
      }
    : {
        quota: info.permissions.imagePermission.imageQuota,
        used: info.permissions.imagePermission.imageUsedCount,
        unit: 'images',
      };
}

/** Account Limit Reached (spec part 1 §2, §4): Add PDF / Image when the plan allows no more. */
export function UploadLimitModal(props: { kind: UploadKind | null; info: UserInfo; onClose: () => void }) {
  return (
    <AccountLimitModal
      open={props.kind !== null}
      info={props.info}
      message={props.kind === 'image' ? UPLOAD_MSG.planLimitImage : UPLOAD_MSG.planLimitPdf}
      use={props.kind ? usage(props.info, props.kind) : null}
      onClose={props.onClose}
    />
  );
}
