import { type FormEvent, Suspense, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSignIn } from '../../api/auth.ts';
import { t } from '../../i18n/index.ts';
import { lazyNamed } from '../../lib/lazy.tsx';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './Auth.module.css';
import { AuthRedirect } from './AuthRedirect.tsx';
import { afterSignIn, chosenPlan, nextPath, withPlan } from './destination.ts';
import { ProviderButtons } from './ProviderButtons.tsx';

// most accounts have no second factor: its step loads once a password asks for it (issue 14, Speed)
const TwoFactorStep = lazyNamed(() => import('./TwoFactorStep.tsx'), 'TwoFactorStep');

export function SignInPage() {
  const [search, setSearch] = useSearchParams();
  const plan = chosenPlan(search);
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [nameOrEmail, setNameOrEmail] = useState('');
  const [password, setPassword] = useState('');
  // the password step's pending sign-in while the account's two-factor code is asked for
  const [pending, setPending] = useState<string | null>(null);
  // back from a provider (connections): its pending sign-in is in a cookie only the code call gets
  const afterProvider = search.get('two_factor') === '1';
  const signedIn = (name: string) => navigate(afterSignIn(name, plan, nextPath(search)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(
      { name_or_email: nameOrEmail.trim(), password },
      { onSuccess: (reply) => (reply.code === 2 ? setPending(reply.pending) : signedIn(reply.name)) },
    );
  };
  const restart = () => {
    setPending(null);
    if (afterProvider)
      setSearch(
        (s) => {
          s.delete('two_factor');
          return s;
        },
        { replace: true },
      );
    setPassword('');
    signIn.reset();
  };

  return (
    <div className={styles.page}>
      <AuthRedirect plan={plan} pending={signIn.isPending || signIn.isSuccess} />
      <title>{t('signIn.documentTitle')}</title>
      <div className={styles.card}>
        {pending || afterProvider ? (
          <Suspense fallback={null}>
            <TwoFactorStep pending={pending ?? undefined} onSignedIn={signedIn} onRestart={restart} />
          </Suspense>
        ) : (
          <>
            <h1 className={styles.title}>{t('signIn.title')}</h1>
            <p className={styles.lead}>{t('signIn.lead')}</p>
            <form className={styles.form} onSubmit={submit} noValidate>
              {search.get('error') && !signIn.error ? (
                <p className={styles.formError} role="alert">
                  {search.get('error')}
                </p>
              ) : null}
              {signIn.error ? (
                <p className={styles.formError} role="alert">
                  {signIn.error.message}
                </p>
              ) : null}
              <TextField
                label={t('signIn.nameOrEmail')}
                name="name_or_email"
                autoComplete="username"
                value={nameOrEmail}
                onChange={(e) => setNameOrEmail(e.target.value)}
                required
              />
              <TextField
                label={t('signIn.password')}
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                required
              />
              <Button type="submit" variant="primary" busy={signIn.isPending} className={styles.submit}>
                {t('signIn.submit')}
              </Button>
            </form>
            <ProviderButtons />
            <p className={styles.switch}>
              <Link to="/forgot-password">{t('signIn.forgot')}</Link>
            </p>
            <p className={styles.switch}>
              {t('signIn.new')} <Link to={withPlan('/sign-up', plan)}>{t('signIn.createAccount')}</Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}
