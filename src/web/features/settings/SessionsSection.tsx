import { useQuery, useQueryClient } from '@tanstack/react-query';
import { settingsCalls } from '../../../shared/api/settings.ts';
import { call } from '../../api/client.ts';
import { useSettingsOperation } from '../../api/settings.ts';
import { t } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './Settings.module.css';

const sessionsKey = ['user-setting', 'sessions'] as const;

/** The account's active sessions, each with its sign-out, and sign-out of all others. */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: sessionsKey,
    queryFn: () => call(settingsCalls.sessions),
  });
  const endOne = useSettingsOperation(settingsCalls.endSession);
  const endOthers = useSettingsOperation(settingsCalls.endOtherSessions);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionsKey });
  return (
    <section className={styles.section} aria-labelledby="sessions-h">
      <h2 id="sessions-h">{t('settings.sessions')}</h2>
      <ul>
        {(list.data?.sessions ?? []).map((s) => (
          <li key={s.id} className={styles.row}>
            <span>
              {t('settings.sessionLastSeen', {
                device: s.device,
                when: new Date(s.lastSeen * 1000).toLocaleString(),
              })}
              {s.current ? t('settings.sessionThis') : ''}
            </span>
            {s.current ? null : (
              <Button size="sm" onClick={() => endOne.mutate({ id: s.id }, { onSuccess: refresh })}>
                {t('settings.sessionSignOut')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button
        size="sm"
        onClick={() => endOthers.mutate({}, { onSuccess: refresh })}
        busy={endOthers.isPending}
      >
        {t('settings.sessionSignOutOthers')}
      </Button>
    </section>
  );
}
