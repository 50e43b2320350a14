import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PLANS } from '../../../shared/plans.ts';
import { PREMIUM_MSG, type PremiumInfoReply } from '../../../shared/schemas/premium.ts';
import { usePremiumInfo } from '../../api/premium.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { CheckoutForm } from './CheckoutForm.tsx';
import styles from './Premium.module.css';
import { couponApplies, dollars, firstYearPrice, isPricedPlan, shownYearPrice } from './rules.ts';

const PAY_LABELS = { credit: 'Confirm and Pay', paypal: 'Continue to Paypal' } as const;

/** /premium/pay?p={basic|standard|professional} (part 2 §2): any other plan goes back to /premium. */
export function PayPage() {
  const [search] = useSearchParams();
  const plan = search.get('p') ?? '';
  const info = usePremiumInfo();
  if (!isPricedPlan(plan)) return <Navigate to="/premium" replace />;
  if (!info.data) return <Loading failed={Boolean(info.error)} title="Premium" />;
  if (!info.data.signedIn) return <Navigate to={`/sign-up?plan=${plan}`} replace />;
  if (info.data.servicePlan !== 'free') return <Navigate to="/premium" replace />;
  return <PayForm plan={plan} info={info.data} />;
}

/** A billing page before its premium info arrives, or when it failed: the page's heading and the state. */
export function Loading({ failed, title }: { failed: boolean; title: string }) {
  return (
    <div className={styles.narrow}>
      <PageHeader title={title} />
      <StateBox role={failed ? 'alert' : 'status'} tone={failed ? 'error' : undefined}>
        {failed ? PREMIUM_MSG.somethingWrong : 'Loading…'}
      </StateBox>
    </div>
  );
}

function PayForm({ plan, info }: { plan: 'basic' | 'standard' | 'professional'; info: PremiumInfoReply }) {
  const prices = info[plan];
  const [unit, setUnit] = useState<'year' | 'month'>(prices.yearPrice !== null ? 'year' : 'month');
  const [coupon, setCoupon] = useState('');
  const yearPrice = shownYearPrice(plan, prices.yearPrice, coupon);
  const firstYear = firstYearPrice(plan, prices.yearPrice, coupon, info.discount);
  // the affiliate's discount is the price paid: the page says so and sends the amount it showed
  const discounted = unit === 'year' && info.discount > 0 && firstYear !== null && firstYear !== yearPrice;
  const amount = unit === 'year' ? firstYear : prices.monthPrice;
  const label = PLANS[plan].label;

  return (
    <div className={styles.narrow}>
      <PageHeader title={`Go ${label}`} documentTitle={`${label} plan · Folio`} />
      <CheckoutForm
        kind="payment"
        methods={['credit', 'paypal']}
        labels={PAY_LABELS}
        body={(method, card) => ({
          service_plan: plan,
          plan: unit === 'year' ? 'premium1year' : 'premium1month',
          method,
          ...card,
          coupon: coupon.trim(),
          // the first-year amount goes along when a discount made it differ from the yearly price
          famount: discounted ? String(firstYear) : '',
          offer: '',
        })}
      >
        <fieldset className={styles.choice}>
          <legend>Term</legend>
          {prices.yearPrice !== null ? (
            <label>
              <input type="radio" name="term" checked={unit === 'year'} onChange={() => setUnit('year')} />
              Yearly: {dollars(yearPrice ?? prices.yearPrice)} a year
            </label>
          ) : null}
          {prices.monthPrice !== null ? (
            <label>
              <input type="radio" name="term" checked={unit === 'month'} onChange={() => setUnit('month')} />
              Monthly: {dollars(prices.monthPrice)} a month
            </label>
          ) : null}
        </fieldset>
        <TextField
          label="Coupon"
          name="coupon"
          value={coupon}
          onChange={(e) => setCoupon(e.target.value)}
          hint={couponApplies(coupon) ? 'Coupon applied to the yearly price.' : 'Optional'}
        />
        {amount !== null ? (
          <p>
            {discounted ? `First year, ${info.discount}% off: ` : 'You pay: '}
            <strong data-testid="pay-amount">{dollars(amount)}</strong>
            {discounted && prices.yearPrice !== null
              ? `, then ${dollars(prices.yearPrice)} a year`
              : unit === 'year'
                ? ' a year'
                : ' a month'}
          </p>
        ) : null}
      </CheckoutForm>
      <p className={styles.links}>
        <Link to="/premium">See all plans</Link>
      </p>
    </div>
  );
}
