import { thirdPartyUrl, useSignInProviders } from '../../api/connections.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './Auth.module.css';

/** "Continue with …" for each configured provider; nothing at all when none is configured. */
export function ProviderButtons() {
  const providers = useSignInProviders().data?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <div className={styles.providers}>
      <p className={styles.or}>or</p>
      {providers.map((p) => (
        <Button
          key={p.id}
          className={styles.submit}
          onClick={() => window.location.assign(thirdPartyUrl(p.id))}
        >
          Continue with {p.name}
        </Button>
      ))}
    </div>
  );
}
