import { type FormEvent, useState } from 'react';
import { settingsCalls } from '../../../shared/api/settings.ts';
import type { UserSettingReply } from '../../../shared/schemas/settings.ts';
import { useSettingsOperation } from '../../api/settings.ts';
import { t } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { Status } from './ProfileSection.tsx';
import styles from './Settings.module.css';

/** Account: e-mail (verified by mail) and password. */
export function AccountSection({ s }: { s: UserSettingReply }) {
  const setEmail = useSettingsOperation(settingsCalls.setEmail);
  const resend = useSettingsOperation(settingsCalls.resendEmail);
  const setPassword = useSettingsOperation(settingsCalls.setPassword);
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
      <h2 id="account-h">{t('settings.account')}</h2>
      <p>
        {t('settings.email')} <strong>{s.email}</strong>
      </p>
      {s.unverifiedEmail ? (
        <p className={styles.muted}>
          {t('settings.waitingVerification', { email: s.unverifiedEmail })}{' '}
          <Button size="sm" onClick={() => resend.mutate({})} busy={resend.isPending}>
            {t('settings.resend')}
          </Button>
        </p>
      ) : null}
      <Status m={resend} fallback={t('settings.resendFailed')} />
      <form className={styles.form} onSubmit={changeEmail}>
        <TextField
          label={t('settings.newEmail')}
          name="email"
          type="email"
          value={email}
          onChange={(e) => setEmailValue(e.target.value)}
        />
        <TextField
          label={t('settings.password')}
          name="emailPassword"
          type="password"
          value={emailPassword}
          onChange={(e) => setEmailPassword(e.target.value)}
        />
        <Button type="submit" busy={setEmail.isPending}>
          {t('settings.changeEmail')}
        </Button>
        <Status m={setEmail} fallback={t('settings.emailFailed')} />
      </form>
      <form className={styles.form} onSubmit={changePassword}>
        {s.hidePassword ? null : (
          <TextField
            label={t('settings.currentPassword')}
            name="current"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        )}
        <TextField
          label={t('settings.newPassword')}
          name="new"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <TextField
          label={t('settings.repeatPassword')}
          name="repeat"
          type="password"
          autoComplete="new-password"
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
          warning={mismatch ? t('settings.passwordMismatch') : undefined}
        />
        <Button type="submit" busy={setPassword.isPending}>
          {t('settings.changePassword')}
        </Button>
        <Status m={setPassword} fallback={t('settings.passwordFailed')} />
      </form>
    </section>
  );
}
