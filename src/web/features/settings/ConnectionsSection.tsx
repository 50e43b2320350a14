import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { connectionCalls } from '../../../shared/api/connections.ts';
import { CONNECTION_MESSAGE, CONNECTIONS_MSG } from '../../../shared/schemas/connections.ts';
import type { UserSettingReply } from '../../../shared/schemas/settings.ts';
import { thirdPartyUrl, useSignInProviders } from '../../api/connections.ts';
import { settingsKey, useSettingsOperation } from '../../api/settings.ts';
import { t } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './Settings.module.css';

/** The popup's size (spec part 2 §2). */
const POPUP = 'width=500,height=500';

/**
 * Sign-in connections (part 2 §2, §7): each configured provider, connected (its identity and
 * Disconnect) or not (Connect opens the provider in a 500x500 popup, which reports back through
 * postMessage from /account/connected).
 */
export function ConnectionsSection({ s }: { s: UserSettingReply }) {
  const providers = useSignInProviders();
  const queryClient = useQueryClient();
  const disconnect = useSettingsOperation(connectionCalls.disconnect);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.type !== CONNECTION_MESSAGE) return;
      const name = providers.data?.providers.find((p) => p.id === event.data.provider)?.name ?? '';
      setStatus(
        event.data.error
          ? { ok: false, text: String(event.data.error) }
          : { ok: true, text: `Your ${name} account is connected.` },
      );
      void queryClient.invalidateQueries({ queryKey: settingsKey });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [providers.data, queryClient]);

  const list = providers.data?.providers ?? [];
  return (
    <section className={styles.section} aria-labelledby="connections-h">
      <h2 id="connections-h">{t('settings.connections')}</h2>
      {providers.isPending ? <p className={styles.muted}>Loading…</p> : null}
      {providers.error ? <p className={styles.error}>{providers.error.message}</p> : null}
      {providers.data && list.length === 0 ? (
        <p className={styles.muted}>This server offers no sign-in with other accounts.</p>
      ) : null}
      <ul>
        {list.map((p) => {
          const connection = s.connections[p.id];
          return (
            <li key={p.id} className={styles.row}>
              <span>
                <strong>{p.name}</strong>
                {connection ? ` · ${connection.identify}` : ' · not connected'}
              </span>
              {connection ? (
                <Button
                  size="sm"
                  busy={
                    disconnect.isPending &&
                    (disconnect.variables as { id?: string } | undefined)?.id === connection._id
                  }
                  onClick={() => {
                    setStatus(null);
                    disconnect.mutate(
                      { id: connection._id },
                      {
                        onSuccess: (r) => setStatus({ ok: true, text: r.message }),
                        onError: (err) =>
                          setStatus({
                            ok: false,
                            text: `${CONNECTIONS_MSG.disconnectFailed(p.name)} ${err.message}`,
                          }),
                      },
                    );
                  }}
                >
                  Disconnect
                </Button>
              ) : (
                <Button
                  size="sm"
                  onClick={() => {
                    setStatus(null);
                    const url = thirdPartyUrl(p.id, 'setting');
                    // a blocked popup: the whole page goes, and /account/connected links back here
                    if (!window.open(url, 'folio-connect', POPUP)) window.location.assign(url);
                  }}
                >
                  Connect
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {status ? (
        <p className={status.ok ? styles.ok : styles.error} role={status.ok ? 'status' : 'alert'}>
          {status.text}
        </p>
      ) : null}
    </section>
  );
}
