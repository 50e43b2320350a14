import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { usePremiumInfo } from '../../api/premium.ts';
import { buttonClass } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { CheckoutForm } from './CheckoutForm.tsx';
import { Loading } from './PayPage.tsx';
import styles from './Premium.module.css';
import { dollars } from './rules.ts';
import { rememberSource } from './source-cookies.ts';

/** Part 2 §2, §9: Professional yearly at 50% off, 29.5 the first year, then 59 a year. */
export const THANKSGIVING = { firstYear: 29.5, renewal: 59 } as const;

/** /premium/thanksgiving: the fixed offer; premium users go to /premium. */
export function ThanksgivingPage() {
  const [search] = useSearchParams();
  useState(() => rememberSource(search));
  const info = usePremiumInfo();
  if (!info.data) return <Loading failed={Boolean(info.error)} title="Thanksgiving offer" />;
  if (info.data.signedIn && info.data.servicePlan !== 'free') return <Navigate to="/premium" replace />;
  return (
    <div className={styles.narrow}>
      <PageHeader
        title="Thanksgiving offer"
        description={`Professional for one year at 50% off: ${dollars(THANKSGIVING.firstYear)} the first year, then ${dollars(THANKSGIVING.renewal)} a year.`}
      />
      {info.data.signedIn ? (
        <CheckoutForm
          kind="payment"
          methods={['credit', 'paypal']}
          labels={{ credit: 'Confirm and Pay', paypal: 'Continue to Paypal' }}
          body={(method, card) => ({
            service_plan: 'professional',
            plan: 'premium1year',
            method,
            ...card,
            coupon: '',
            famount: String(THANKSGIVING.firstYear),
            offer: 'thanksgiving',
          })}
        >
          <p>
            You pay <strong>{dollars(THANKSGIVING.firstYear)}</strong> today for one year of Professional.
          </p>
        </CheckoutForm>
      ) : (
        <p className={styles.links}>
          <Link className={buttonClass('primary')} to="/sign-in?next=/premium/thanksgiving">
            Sign in to get the offer
          </Link>
        </p>
      )}
      <p className={styles.links}>
        <Link to="/premium">More options</Link>
      </p>
    </div>
  );
}
