import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useForgotPassword, useResetPassword } from '../../api/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './Auth.module.css';

/** /forgot-password: mails a reset link (the answer is the same for any address). */
export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    forgot.mutate(email.trim());
  };
  return (
    <div className={styles.page}>
      <title>Forgot password · Folio</title>
      <div className={styles.card}>
        <h1 className={styles.title}>Forgot password?</h1>
        <p className={styles.lead}>We will mail you a link to choose a new one.</p>
        <form className={styles.form} onSubmit={submit} noValidate>
          {forgot.error ? (
            <p className={styles.formError} role="alert">
              {forgot.error.message}
            </p>
          ) : null}
          {forgot.data ? <p role="status">{forgot.data.message}</p> : null}
          <TextField
            label="Email"
            name="email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" variant="primary" busy={forgot.isPending} className={styles.submit}>
            Send the link
          </Button>
        </form>
        <p className={styles.switch}>
          <Link to="/sign-in">Back to sign in</Link>
        </p>
      </div>
    </div>
  );
}

/** /reset-password?token=…: the link from the mail. */
export function ResetPasswordPage() {
  const [search] = useSearchParams();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    reset.mutate({ token: search.get('token') ?? '', password });
  };
  return (
    <div className={styles.page}>
      <title>Reset password · Folio</title>
      <div className={styles.card}>
        <h1 className={styles.title}>Choose a new password</h1>
        <form className={styles.form} onSubmit={submit} noValidate>
          {reset.error ? (
            <p className={styles.formError} role="alert">
              {reset.error.message}
            </p>
          ) : null}
          {reset.data ? (
            <p role="status">
              {reset.data.message} <Link to="/sign-in">Sign in</Link>
            </p>
          ) : null}
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" variant="primary" busy={reset.isPending} className={styles.submit}>
            Set password
          </Button>
        </form>
      </div>
    </div>
  );
}
