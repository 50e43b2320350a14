import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PLANS } from '../../../shared/plans.ts';
import { PREMIUM_MSG, type PremiumInfoReply } from '../../../shared/schemas/premium.ts';
import { usePremiumInfo } from '../../api/premium.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { CheckoutForm } from './CheckoutForm.tsx';
import { Loading } from './PayPage.tsx';
import styles from './Premium.module.css';
import { defaultUpgradeUnit, dollars, upgradeNeedsCard } from './rules.ts';
import { billingDate } from './source-cookies.ts';

type UpgradePlan = 'standard' | 'professional';

/** /premium/upgrade?p={standard|professional} (part 2 §2, §4, §5). */
export function UpgradePage() {
  const [search] = useSearchParams();
  const plan = search.get('p') ?? '';
  const info = usePremiumInfo();
  if (plan !== 'standard' && plan !== 'professional') return <Navigate to="/premium" replace />;
  if (!info.data) return <Loading failed={Boolean(info.error)} title="Upgrade" />;
  if (!info.data.signedIn) return <Navigate to="/sign-in?next=/premium" replace />;
  if (info.data.servicePlan === 'free') return <Navigate to={`/premium/pay?p=${plan}`} replace />;
  return <UpgradeForm plan={plan} info={info.data} />;
}

function UpgradeForm({ plan, info }: { plan: UpgradePlan; info: PremiumInfoReply }) {
  const prices = info[plan];
  const [unit, setUnit] = useState<'year' | 'month'>(defaultUpgradeUnit(prices));
  const label = PLANS[plan].label;
  const offer = unit === 'year' ? prices.upgradeToYear : prices.upgradeToMonth;
  const paypal = info.method === 'paypal';

  return (
    <div className={styles.narrow}>
      <PageHeader title={`Upgrade to ${label}`} documentTitle={`Upgrade to ${label} · Folio`} />
      {!offer ? (
        <p role="alert" className={styles.errorBox}>
          {PREMIUM_MSG.cannotUpgrade}
        </p>
      ) : (
        <CheckoutForm
          // a new term or card need starts a new form
          key={unit}
          kind="upgrade"
          methods={paypal ? ['paypal'] : ['credit']}
          cardNeeded={upgradeNeedsCard(offer.upgradeFee, unit, info)}
          labels={{ credit: 'Upgrade', paypal: 'Upgrade By PayPal' }}
          body={(_method, card) => ({
            splan: label,
            unit,
            amount: String(offer.upgradeFee),
            ...card,
          })}
        >
          {prices.upgradeToYear && prices.upgradeToMonth ? (
            <fieldset className={styles.choice}>
              <legend>Term</legend>
              <label>
                <input type="radio" name="unit" checked={unit === 'year'} onChange={() => setUnit('year')} />
                Yearly
              </label>
              <label>
                <input
                  type="radio"
                  name="unit"
                  checked={unit === 'month'}
                  onChange={() => setUnit('month')}
                />
                Monthly
              </label>
            </fieldset>
          ) : null}
          <dl className={styles.summary}>
            <dt>Your plan</dt>
            <dd>
              {PLANS[info.servicePlan].label}
              {info.planUnit ? `, ${info.planUnit === 'year' ? 'yearly' : 'monthly'}` : ''}
            </dd>
            <dt>New plan</dt>
            <dd>
              {label}, {dollars(offer.newServicePlanPrice)} a {unit}
            </dd>
            <dt>Due today</dt>
            <dd data-testid="upgrade-fee">{dollars(offer.upgradeFee)}</dd>
            <dt>Next billing date</dt>
            <dd>{billingDate(offer.nextBillingTime)}</dd>
            {!paypal && info.creditCardNum ? (
              <>
                <dt>Card</dt>
                <dd>{info.creditCardNum}</dd>
              </>
            ) : null}
          </dl>
        </CheckoutForm>
      )}
      <p className={styles.links}>
        <Link to="/premium">See all plans</Link>
      </p>
    </div>
  );
}
