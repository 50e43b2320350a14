import { useNavigate } from 'react-router';
import { PLANS } from '../../shared/plans.ts';
import type { UserInfo } from '../../shared/schemas/user-info.ts';
import styles from './AccountLimitModal.module.css';
import { Button } from './Button.tsx';
import { Modal } from './Modal.tsx';

/** What a quota allows and what is used of it; quota null: unlimited. */
export interface QuotaUse {
  quota: number | null;
  used: number;
  /** what is counted, plural ('outliners', 'PDFs') */
  unit: string;
}

/** The plan's label as the plans table names it. */
export function planLabel(info: UserInfo): string {
  return PLANS[info.premium.servicePlan]?.label ?? info.premium.servicePlan;
}

/**
 * Account Limit Reached (spec part 1 §2, §4; part 2 §6): any quota the plan has used up (PDFs,
 * images, outliners). The spec's sentence for what was refused, then the plan, the quota and what is
 * used, Cancel and Go upgrade.
 */
export function AccountLimitModal(props: {
  open: boolean;
  info: UserInfo;
  /** the spec's sentence ('You have reached the limit on your current plan. ...') */
  message: string;
  use: QuotaUse | null;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const { use } = props;
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
      <p className={styles.text}>{props.message}</p>
      {use ? (
        <dl className={styles.facts}>
          <dt>Plan</dt>
          <dd>{planLabel(props.info)}</dd>
          <dt>Quota</dt>
          <dd>{use.quota === null ? 'Unlimited' : `${use.quota} ${use.unit}`}</dd>
          <dt>Used</dt>
          <dd>{use.used}</dd>
        </dl>
      ) : null}
    </Modal>
  );
}
