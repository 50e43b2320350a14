import { type FormEvent, useState } from 'react';
import { settingsCalls } from '../../../shared/api/settings.ts';
import { SETTINGS_MSG, type UserSettingReply } from '../../../shared/schemas/settings.ts';
import { useSettingsOperation } from '../../api/settings.ts';
import { t } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { BackupFirst } from './BackupFirst.tsx';
import { Status } from './ProfileSection.tsx';
import styles from './Settings.module.css';

/**
 * Delete Account (part 2 §8): a backup offered first (BackupFirst), then the password and the user name typed, so
 * one stray click after the password cannot remove a library for good.
 */
export function DeleteAccount({ s }: { s: UserSettingReply }) {
  const del = useSettingsOperation(settingsCalls.deleteUser);
  const [password, setPassword] = useState('');
  const [typedName, setTypedName] = useState('');
  const [missing, setMissing] = useState<{ password?: string; name?: string }>({});
  const reply = del.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      ...(!s.hidePassword && password === '' ? { password: SETTINGS_MSG.deletePasswordEmpty } : {}),
      ...(typedName.trim() !== s.name ? { name: t('settings.deleteConfirmWrong', { name: s.name }) } : {}),
    };
    setMissing(next);
    if (next.password || next.name) return;
    del.mutate(
      { password },
      {
        onSuccess: (r) => {
          if (r.code === 1) setTimeout(() => window.location.assign('/'), 3000);
        },
      },
    );
  };
  return (
    <section className={`${styles.section} ${styles.danger}`} aria-labelledby="delete-h">
      <h2 id="delete-h">{t('settings.delete')}</h2>
      <p className={styles.muted}>{t('settings.deleteLead')}</p>
      <BackupFirst />
      <form className={styles.form} onSubmit={submit} noValidate>
        {s.hidePassword ? null : (
          <TextField
            label={t('settings.password')}
            name="deletePassword"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            warning={missing.password ?? (reply?.code === 0 ? reply.message : undefined)}
          />
        )}
        <TextField
          label={t('settings.deleteConfirm', { name: s.name })}
          name="deleteConfirmName"
          autoComplete="off"
          spellCheck={false}
          value={typedName}
          onChange={(e) => setTypedName(e.target.value)}
          warning={missing.name}
        />
        <Button type="submit" variant="danger" busy={del.isPending}>
          {t('settings.deleteSubmit')}
        </Button>
        {reply && reply.code !== 0 ? (
          <p
            className={reply.code === 1 ? styles.ok : styles.error}
            role={reply.code === 1 ? 'status' : 'alert'}
          >
            {reply.message}
          </p>
        ) : null}
        {del.error ? <Status m={del} /> : null}
      </form>
    </section>
  );
}
