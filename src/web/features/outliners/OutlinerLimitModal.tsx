import type { UserInfo } from '../../../shared/schemas/user-info.ts';
import { AccountLimitModal } from '../../ui/AccountLimitModal.tsx';

/** Whether the plan allows another outliner (part 2 §6: outlinerPermission). */
export function canCreateOutliner(info: UserInfo | null): boolean {
  return info?.permissions.outlinerPermission.outlinerPermission ?? true;
}

/** Account Limit Reached for outliners (part 1 §2, part 2 §6): the quota, the plan and the used count. */
export function OutlinerLimitModal(props: { open: boolean; info: UserInfo; onClose: () => void }) {
  const { outlinerQuota, outlinerUsedCount } = props.info.permissions.outlinerPermission;
  return (
    <AccountLimitModal
      open={props.open}
      info={props.info}
      message="You have reached the limit on your current plan. Please upgrade your account to create more outliners."
      use={{ quota: outlinerQuota, used: outlinerUsedCount, unit: 'outliners' }}
      onClose={props.onClose}
    />
  );
}
