import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CONNECTION_MESSAGE } from '../../../shared/schemas/connections.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import styles from './Settings.module.css';

/**
 * The Settings popup's last page (/account/connected?provider=…[&error=…]): tells the Settings
 * page that opened it how the connection went, then closes. Opened without a popup (blocked), it
 * shows the result and leads back to Settings.
 */
export function ConnectedPage() {
  const [search] = useSearchParams();
  const provider = search.get('provider') ?? '';
  const error = search.get('error');
  useEffect(() => {
    const opener = window.opener as Window | null;
    if (!opener) return;
    opener.postMessage({ type: CONNECTION_MESSAGE, provider, error }, window.location.origin);
    window.close();
  }, [provider, error]);
  return (
    <div className={styles.page}>
      <PageHeader title="Connections" documentTitle="Connections" />
      <p className={error ? styles.error : styles.ok} role={error ? 'alert' : 'status'}>
        {error ?? 'Your account is connected.'}
      </p>
      <p>
        <Link to="/setting">Back to Settings</Link>
      </p>
    </div>
  );
}
