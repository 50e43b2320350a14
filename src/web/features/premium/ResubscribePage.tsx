import { Link, Navigate } from 'react-router';
import { PLANS } from '../../../shared/plans.ts';
import { PREMIUM_MSG } from '../../../shared/schemas/premium.ts';
import { usePremiumInfo } from '../../api/premium.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { CheckoutForm } from './CheckoutForm.tsx';
import { Loading } from './PayPage.tsx';
import styles from './Premium.module.css';
import { dollars } from './rules.ts';
import { billingDate } from './source-cookies.ts';

/** /premium/resubscribe (part 2 §2, §5): the next payment date and amount; a card unless PayPal. */
export function ResubscribePage() {
  const info = usePremiumInfo();
  if (!info.data) return <Loading failed={Boolean(info.error)} title="Resubscribe" />;
  const i = info.data;
  if (!i.signedIn) return <Navigate to="/sign-in?next=/premium/resubscribe" replace />;
  if (i.servicePlan === 'free') return <Navigate to="/premium" replace />;
  const paypal = i.method === 'paypal';
  const lapsing = i.cancelled || i.expireTime !== null;
  return (
    <div className={styles.narrow}>
      <PageHeader title="Resubscribe" />
      {!lapsing ? (
        <p role="alert" className={styles.errorBox}>
          {PREMIUM_MSG.notCancelled}
        </p>
      ) : (
        <CheckoutForm
          kind="resubscribe"
          methods={paypal ? ['paypal'] : ['credit']}
          labels={{ credit: 'Resubscribe', paypal: 'Resubscribe By PayPal' }}
          body={(_method, card) => ({ ...card })}
        >
          <dl className={styles.summary}>
            <dt>Plan</dt>
            <dd>
              {PLANS[i.servicePlan].label}
              {i.planUnit ? `, ${i.planUnit === 'year' ? 'yearly' : 'monthly'}` : ''}
            </dd>
            <dt>Next payment date</dt>
            <dd>{billingDate(i.nextBillingDate ?? i.expireTime)}</dd>
            <dt>Amount</dt>
            <dd data-testid="resubscribe-amount">{i.nowPrice !== null ? dollars(i.nowPrice) : '—'}</dd>
          </dl>
        </CheckoutForm>
      )}
      <p className={styles.links}>
        <Link to="/premium">See all plans</Link>
      </p>
    </div>
  );
}
