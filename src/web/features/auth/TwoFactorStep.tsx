import { type FormEvent, useState } from 'react';
import { useTwoFactorSignIn } from '../../api/two-factor.ts';
import { t } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './Auth.module.css';

/**
 * Sign-in's second step, after a right password or a provider's answer: a code from the app or a
 * recovery code. `pending` is the password step's; after a provider the server holds it in a cookie.
 */
export function TwoFactorStep({
  pending,
  onSignedIn,
  onRestart,
}: {
  pending: string | undefined;
  onSignedIn: (name: string) => void;
  onRestart: () => void;
}) {
  const verify = useTwoFactorSignIn();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate({ pending, code: code.trim() }, { onSuccess: (reply) => onSignedIn(reply.name) });
  };
  return (
    <>
      <h1 className={styles.title}>{t('signIn.codeTitle')}</h1>
      <p className={styles.lead}>{t('signIn.codeLead')}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        {verify.error ? (
          <p className={styles.formError} role="alert">
            {verify.error.message}
          </p>
        ) : null}
        <TextField
          label={t('signIn.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
        />
        <Button type="submit" variant="primary" busy={verify.isPending} className={styles.submit}>
          {t('signIn.codeSubmit')}
        </Button>
      </form>
      <p className={styles.switch}>
        <button type="button" className={styles.linkButton} onClick={onRestart}>
          {t('signIn.codeBack')}
        </button>
      </p>
    </>
  );
}
