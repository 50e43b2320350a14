import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { useAffiliateInfo } from '../../api/premium.ts';
import { Button } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import styles from './Premium.module.css';
import { dollars } from './rules.ts';

/** /affiliate/console (part 2 §2, §3): the affiliate link, total and available earnings. */
export function AffiliateConsolePage() {
  const info = useAffiliateInfo();
  const [copied, setCopied] = useState(false);
  const a = info.data;
  const copy = async () => {
    if (!a) return;
    await navigator.clipboard?.writeText(a.link).catch(() => undefined);
    setCopied(true);
  };
  return (
    <div className={styles.narrow}>
      <PageHeader
        title="Affiliate"
        description="Share your link: your referrals get 10% off their first year."
      />
      {a ? (
        <section className={styles.form} aria-label="Your affiliate account">
          <dl className={styles.summary}>
            <dt>Your link</dt>
            <dd>
              <a href={a.link}>{a.link}</a>
            </dd>
            <dt>Referrals</dt>
            <dd>{a.referrals}</dd>
            <dt>Total earnings</dt>
            <dd>{dollars(a.total)}</dd>
            <dt>Available</dt>
            <dd>{dollars(a.available)}</dd>
          </dl>
          <div>
            <Button onClick={copy}>{copied ? 'Copied' : 'Copy link'}</Button>
          </div>
        </section>
      ) : (
        <StateBox role={info.error ? 'alert' : 'status'} tone={info.error ? 'error' : undefined}>
          {info.error
            ? info.error instanceof ApiError && info.error.status === 401
              ? 'Please sign in to see your affiliate account.'
              : info.error.message
            : 'Loading…'}
        </StateBox>
      )}
    </div>
  );
}
