import { type FormEvent, useState } from 'react';
import { settingsCalls } from '../../../shared/api/settings.ts';
import type { UserSettingReply } from '../../../shared/schemas/settings.ts';
import { useSettingsOperation } from '../../api/settings.ts';
import { t } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './Settings.module.css';

/** Profile: avatar, display name (First name, Last name), user name (then /sign-in after 3 s). */
export function ProfileSection({ s }: { s: UserSettingReply }) {
  const avatar = useSettingsOperation(settingsCalls.uploadAvatar);
  const realName = useSettingsOperation(settingsCalls.changeRealName);
  const userName = useSettingsOperation(settingsCalls.changeUserName);
  const [first, setFirst] = useState(s.firstName);
  const [last, setLast] = useState(s.lastName);
  const [name, setName] = useState(s.name);

  const upload = (file: File | undefined) => {
    if (!file) return;
    const form = new FormData();
    form.append('type', 'user');
    form.append('iframe', '1');
    form.append('id', s.name);
    form.append('source', file);
    avatar.mutate(form);
  };
  const saveName = (e: FormEvent) => {
    e.preventDefault();
    realName.mutate({ firstName: first, lastName: last });
  };
  const rename = (e: FormEvent) => {
    e.preventDefault();
    userName.mutate(
      { name },
      { onSuccess: () => setTimeout(() => window.location.assign('/sign-in'), 3000) },
    );
  };

  return (
    <section className={styles.section} aria-labelledby="profile-h">
      <h2 id="profile-h">{t('settings.profile')}</h2>
      <div className={styles.row}>
        <img className={styles.avatar} src={s.avatar_url} alt={t('settings.avatarAlt')} />
        <label>
          <span className={styles.muted}>{t('settings.changeAvatar')}</span>
          <input
            type="file"
            name="source"
            accept=".jpg,.jpeg,.png,.gif,.bmp"
            onChange={(e) => upload(e.target.files?.[0])}
          />
        </label>
      </div>
      <Status m={avatar} />
      <form className={styles.form} onSubmit={saveName}>
        <TextField
          label={t('settings.firstName')}
          name="firstName"
          value={first}
          onChange={(e) => setFirst(e.target.value)}
        />
        <TextField
          label={t('settings.lastName')}
          name="lastName"
          value={last}
          onChange={(e) => setLast(e.target.value)}
        />
        <Button type="submit" busy={realName.isPending}>
          {t('settings.save')}
        </Button>
        <Status m={realName} />
      </form>
      <form className={styles.form} onSubmit={rename}>
        <TextField
          label={t('settings.username')}
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" busy={userName.isPending}>
          {t('settings.changeUsername')}
        </Button>
        <Status m={userName} fallback={t('settings.renameError')} />
      </form>
    </section>
  );
}

/** The reply's message after a call: the error, or the success text. */
export function Status({
  m,
  fallback,
}: {
  m: { error: Error | null; data?: { message: string } | undefined; isSuccess: boolean };
  fallback?: string;
}) {
  if (m.error)
    return (
      <p className={styles.error} role="alert">
        {m.error.message || fallback}
      </p>
    );
  if (m.isSuccess && m.data?.message)
    return (
      <p className={styles.ok} role="status">
        {m.data.message}
      </p>
    );
  return null;
}
