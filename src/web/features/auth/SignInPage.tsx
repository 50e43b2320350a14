import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSignIn } from '../../api/auth.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './Auth.module.css';
import { AuthRedirect } from './AuthRedirect.tsx';
import { afterSignIn, chosenPlan, nextPath, withPlan } from './destination.ts';
import { ProviderButtons } from './ProviderButtons.tsx';

export function SignInPage() {
  const [search] = useSearchParams();
  const plan = chosenPlan(search);
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [nameOrEmail, setNameOrEmail] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(
      { name_or_email: nameOrEmail.trim(), password },
      { onSuccess: (reply) => navigate(afterSignIn(reply.name, plan, nextPath(search))) },
    );
  };

  return (
    <div className={styles.page}>
      <AuthRedirect plan={plan} pending={signIn.isPending || signIn.isSuccess} />
      <title>Sign in · Folio</title>
      <div className={styles.card}>
        <h1 className={styles.title}>Sign in</h1>
        <p className={styles.lead}>Welcome back to your library.</p>
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
            label="Username or email"
            name="name_or_email"
            autoComplete="username"
            value={nameOrEmail}
            onChange={(e) => setNameOrEmail(e.target.value)}
            required
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
          <Button type="submit" variant="primary" busy={signIn.isPending} className={styles.submit}>
            Sign in
          </Button>
        </form>
        <ProviderButtons />
        <p className={styles.switch}>
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
        <p className={styles.switch}>
          New to Folio? <Link to={withPlan('/sign-up', plan)}>Create an account</Link>
        </p>
      </div>
    </div>
  );
}
