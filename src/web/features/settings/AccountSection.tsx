import { type FormEvent, useState } from 'react';
import type { UserSettingReply } from '../../../shared/schemas/settings.ts';
import { useSettingsOperation } from '../../api/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { Status } from './ProfileSection.tsx';
import styles from './Settings.module.css';

/** Account: e-mail (verified by mail) and password. */
export function AccountSection({ s }: { s: UserSettingReply }) {
  const setEmail = useSettingsOperation('setEmail');
  const resend = useSettingsOperation('resendEmail');
  const setPassword = useSettingsOperation('setPassword');
  const [email, setEmailValue] = useState('');
  const [emailPassword, setEmailPassword] = useState('');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const changeEmail = (e: FormEvent) => {
    e.preventDefault();
    setEmail.mutate({ email: email.trim(), password: emailPassword });
  };
  const changePassword = (e: FormEvent) => {
    e.preventDefault();
    setMismatch(next !== repeat);
    if (next !== repeat) return;
    setPassword.mutate(
      { current, new: next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setRepeat('');
        },
      },
    );
  };

  return (
    <section className={styles.section} aria-labelledby="account-h">
      <h2 id="account-h">Account</h2>
      <p>
        Email: <strong>{s.email}</strong>
      </p>
      {s.unverifiedEmail ? (
        <p className={styles.muted}>
          Waiting for verification: {s.unverifiedEmail}{' '}
          <Button size="sm" onClick={() => resend.mutate({})} busy={resend.isPending}>
            Resend
          </Button>
        </p>
      ) : null}
      <Status m={resend} fallback="Resend verification email failed." />
      <form className={styles.form} onSubmit={changeEmail}>
        <TextField
          label="New email"
          name="email"
          type="email"
          value={email}
          onChange={(e) => setEmailValue(e.target.value)}
        />
        <TextField
          label="Password"
          name="emailPassword"
          type="password"
          value={emailPassword}
          onChange={(e) => setEmailPassword(e.target.value)}
        />
        <Button type="submit" busy={setEmail.isPending}>
          Change email
        </Button>
        <Status m={setEmail} fallback="Change email failed." />
      </form>
      <form className={styles.form} onSubmit={changePassword}>
        {s.hidePassword ? null : (
          <TextField
            label="Current password"
            name="current"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        )}
        <TextField
          label="New password"
          name="new"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <TextField
          label="Repeat new password"
          name="repeat"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          warning={mismatch ? 'Please input the correct current password.' : undefined}
        />
        <Button type="submit" busy={setPassword.isPending}>
          Change password
        </Button>
        <Status m={setPassword} fallback="Change password fail" />
      </form>
    </section>
  );
}
