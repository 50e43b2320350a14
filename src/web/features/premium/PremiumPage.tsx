import { type CSSProperties, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PLANS, type PlanQuotas } from '../../../shared/plans.ts';
import { PREMIUM_MSG, type PremiumInfoReply } from '../../../shared/schemas/premium.ts';
import { useCancelSubscribe, usePremiumInfo } from '../../api/premium.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { useFeedback } from '../feedback/FeedbackProvider.tsx';
import { SITE_LINKS } from '../shell/site-links.ts';
import styles from './Premium.module.css';
import {
  cancelVisible,
  dollars,
  firstYearAmount,
  planButtonLabel,
  planDestination,
  savePercent,
  type TablePlan,
} from './rules.ts';
import { billingDate, rememberSource } from './source-cookies.ts';

const QUOTA_ROWS: { key: keyof PlanQuotas; label: string; lifetime: boolean }[] = [
  { key: 'annotations', label: 'Highlights and sticky notes', lifetime: true },
  { key: 'pdfs', label: 'PDFs', lifetime: true },
  { key: 'images', label: 'Images', lifetime: false },
  { key: 'outliners', label: 'Outliners', lifetime: false },
  { key: 'cachedPages', label: 'Cached page copies', lifetime: true },
];
const FEATURE_ROWS: { key: 'fullText' | 'prioritySupport'; label: string }[] = [
  { key: 'fullText', label: 'Full-text search' },
  { key: 'prioritySupport', label: 'Priority support' },
];

/** Premium Plans, /premium (part 2 §2, §4): the feature table and each plan's button. */
export function PremiumPage() {
  const [search] = useSearchParams();
  // before the info query runs: the server prices with the affiliate cookie
  useState(() => rememberSource(search));
  const info = usePremiumInfo(search.get('daf'));
  const [cancelOpen, setCancelOpen] = useState(false);
  const [cancelledHere, setCancelledHere] = useState(false);

  return (
    <div className={styles.page}>
      <PageHeader
        title="Premium Plans"
        description="More room, full-text search, no ads and priority support."
      />
      <ReturnMessage search={search} />
      {info.data ? (
        <>
          {cancelledHere ? <CancelledView /> : null}
          <PlanTable info={info.data} cancelledHere={cancelledHere} onCancel={() => setCancelOpen(true)} />
          <div className={styles.links}>
            <Link to="/premium/gift">Give one year of Professional as a gift</Link>
            {info.data.signedIn && info.data.servicePlan === 'free' ? (
              <Link to="/premium/pay?p=basic">Basic: {dollars(info.data.basic.yearPrice ?? 10)} a year</Link>
            ) : null}
            {info.data.cancelled || info.data.expireTime !== null ? (
              info.data.servicePlan !== 'free' ? (
                <Link to="/premium/resubscribe">Resubscribe</Link>
              ) : null
            ) : null}
          </div>
          <CancelDialog
            open={cancelOpen}
            onOpenChange={setCancelOpen}
            nextBillingDate={info.data.nextBillingDate}
            onCancelled={() => {
              setCancelOpen(false);
              setCancelledHere(true);
            }}
          />
        </>
      ) : (
        <StateBox role={info.error ? 'alert' : 'status'} tone={info.error ? 'error' : undefined}>
          {info.error ? PREMIUM_MSG.somethingWrong : 'Loading plans…'}
        </StateBox>
      )}
    </div>
  );
}

function PlanTable({
  info,
  cancelledHere,
  onCancel,
}: {
  info: PremiumInfoReply;
  cancelledHere: boolean;
  onCancel: () => void;
}) {
  const columns: TablePlan[] = info.signedIn
    ? ['standard', 'professional', 'business']
    : ['free', 'standard', 'professional', 'business'];
  const quota = (plan: TablePlan, row: (typeof QUOTA_ROWS)[number]) => {
    const value = PLANS[plan].quotas[row.key];
    if (value === null) return 'Unlimited';
    return plan === 'free' && row.lifetime ? `${value} lifetime` : String(value);
  };
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} style={{ '--plans': columns.length } as CSSProperties}>
        <caption className="visually-hidden">Plans and what each includes</caption>
        <thead>
          <tr>
            <td />
            {columns.map((plan) => (
              <th key={plan} scope="col" className={info.servicePlan === plan ? styles.current : undefined}>
                {PLANS[plan].label}
                {info.signedIn && info.servicePlan === plan ? (
                  <span className={styles.muted}> (your plan)</span>
                ) : null}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Price</th>
            {columns.map((plan) => (
              <td key={plan}>
                <Price plan={plan} info={info} />
              </td>
            ))}
          </tr>
          {QUOTA_ROWS.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {columns.map((plan) => (
                <td key={plan}>{quota(plan, row)}</td>
              ))}
            </tr>
          ))}
          {FEATURE_ROWS.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              {columns.map((plan) => (
                <td key={plan}>{PLANS[plan][row.key] ? 'Yes' : 'No'}</td>
              ))}
            </tr>
          ))}
          <tr>
            <th scope="row">No ads</th>
            {columns.map((plan) => (
              <td key={plan}>{PLANS[plan].ads ? 'No' : 'Yes'}</td>
            ))}
          </tr>
          <tr>
            <td />
            {columns.map((plan) => (
              <td key={plan}>
                <div className={styles.actions}>
                  <PlanButton plan={plan} info={info} />
                  {plan !== 'free' && cancelVisible(plan, info, cancelledHere) ? (
                    <Button size="sm" variant="ghost" onClick={onCancel}>
                      Cancel
                    </Button>
                  ) : null}
                </div>
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function Price({ plan, info }: { plan: TablePlan; info: PremiumInfoReply }) {
  if (plan === 'free') return <span className={styles.price}>$0</span>;
  if (plan === 'business') {
    return (
      <>
        <span className={styles.price}>{dollars(PLANS.business.monthPrice ?? 10)}</span>
        <span className={styles.muted}>per user per month</span>
      </>
    );
  }
  const { monthPrice, yearPrice } = info[plan];
  const save = savePercent(monthPrice, yearPrice);
  // worded as the spec prices plans (part 2 §9: 'Standard 40 per year (monthly 5)'); the spaces
  // keep the words apart for screen readers and copied text, whatever the blocks look like
  return (
    <>
      {yearPrice !== null ? (
        <>
          <span className={styles.price}>{dollars(yearPrice)}</span>{' '}
          <span className={styles.muted}>per year</span>
        </>
      ) : null}
      {monthPrice !== null ? (
        <span className={styles.muted}>
          {yearPrice !== null ? ' (monthly ' : 'monthly '}
          {dollars(monthPrice)}
          {yearPrice !== null ? ')' : ''}
        </span>
      ) : null}
      {save ? <span className={styles.save}> Save {save}% by paying yearly</span> : null}
      {info.discount > 0 && yearPrice !== null ? (
        <span className={styles.save}>
          {' '}
          First year {dollars(firstYearAmount(yearPrice, info.discount))} ({info.discount}% off)
        </span>
      ) : null}
    </>
  );
}

function PlanButton({ plan, info }: { plan: TablePlan; info: PremiumInfoReply }) {
  const label = planButtonLabel(plan, info);
  const to = planDestination(plan, info, SITE_LINKS.team);
  const name = `${label}: ${PLANS[plan].label}`;
  if (!to || label === 'Current plan') {
    return (
      <Button size="sm" disabled aria-label={name}>
        {label}
      </Button>
    );
  }
  if (to.external) {
    return (
      <a className={buttonClass('primary', 'sm')} href={to.href} aria-label={name}>
        {label}
      </a>
    );
  }
  return (
    <Link className={buttonClass('primary', 'sm')} to={to.href} aria-label={name}>
      {label}
    </Link>
  );
}

/** The Cancel Subscription dialog (part 2 §2): the next billing date, then cancelSubscribe. */
export function CancelDialog({
  open,
  onOpenChange,
  nextBillingDate,
  onCancelled,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  nextBillingDate: number | null;
  onCancelled: () => void;
}) {
  const cancel = useCancelSubscribe();
  const [failed, setFailed] = useState(false);
  const confirm = () => {
    setFailed(false);
    cancel.mutate(undefined, {
      onSuccess: (reply) => (reply.code === 1 ? onCancelled() : setFailed(true)),
      onError: () => setFailed(true),
    });
  };
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel Subscription"
      size="sm"
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>Keep my plan</Button>
          <Button variant="danger" busy={cancel.isPending} onClick={confirm}>
            Cancel subscription
          </Button>
        </>
      }
    >
      <p>
        Your next billing date is <strong>{billingDate(nextBillingDate)}</strong>. If you cancel, you will not
        be charged again and your plan stays until then.
      </p>
      {failed ? (
        <p role="alert" className={styles.warning}>
          {PREMIUM_MSG.cancelFailed}
        </p>
      ) : null}
    </Modal>
  );
}

/** After a successful cancel (part 2 §2): the success view asking for feedback. */
export function CancelledView() {
  const { openFeedback } = useFeedback();
  return (
    <section className={styles.feedback} aria-labelledby="cancelled-h">
      <h2 id="cancelled-h">Your subscription has been cancelled</h2>
      <p>You keep your plan until the end of the period you paid for; it will not renew.</p>
      <p>Would you tell us why you cancelled? It helps us make Folio better.</p>
      <Button variant="primary" onClick={openFeedback}>
        Send feedback
      </Button>
    </section>
  );
}

/** Where the server's redirect_to lands (?status=, ?gift=): what happened, in a line. */
const RETURNS: Record<string, { text: string; ok: boolean }> = {
  'status=success': { text: 'Thank you! Your plan is active.', ok: true },
  'status=failed': { text: 'The payment did not go through. Please try again.', ok: false },
  'status=paypal_cancelled': { text: PREMIUM_MSG.paypalCancelled, ok: false },
  'gift=redeemed': { text: 'Your gift has been redeemed: one year of Professional.', ok: true },
  'gift=invalid': { text: PREMIUM_MSG.giftInvalid, ok: false },
};

function ReturnMessage({ search }: { search: URLSearchParams }) {
  const key = search.has('status') ? `status=${search.get('status')}` : `gift=${search.get('gift')}`;
  const shown = RETURNS[key];
  if (!shown) return null;
  return (
    <p role={shown.ok ? 'status' : 'alert'} className={shown.ok ? styles.okBox : styles.errorBox}>
      {shown.text}
    </p>
  );
}
