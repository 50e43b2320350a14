import { useNavigate } from 'react-router';
import { PLANS } from '../../../shared/plans.ts';
import type { UserInfo } from '../../../shared/schemas/user-info.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import styles from './Outliners.module.css';

/** Whether the plan allows another outliner (part 2 §6: outlinerPermission). */
export function canCreateOutliner(info: UserInfo | null): boolean {
  return info?.permissions.outlinerPermission.outlinerPermission ?? true;
}

/** Account Limit Reached for outliners (part 1 §2, part 2 §6): the quota, the plan and the used count. */
export function OutlinerLimitModal(props: { open: boolean; info: UserInfo; onClose: () => void }) {
  const navigate = useNavigate();
  const { outlinerQuota, outlinerUsedCount } = props.info.permissions.outlinerPermission;
  const plan = PLANS[props.info.premium.servicePlan]?.label ?? props.info.premium.servicePlan;
  return (
    <Modal
      open={props.open}
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
        You have reached the limit on your current plan. Please upgrade your account to create more outliners.
      </p>
      <dl className={styles.limitFacts}>
        <dt>Plan</dt>
        <dd>{plan}</dd>
        <dt>Quota</dt>
        <dd>{outlinerQuota === null ? 'Unlimited' : `${outlinerQuota} outliners`}</dd>
        <dt>Used</dt>
        <dd>{outlinerUsedCount}</dd>
      </dl>
    </Modal>
  );
}
