import { type FormEvent, useEffect, useState } from 'react';
import { WEBHOOK_EVENTS, type WebhookEvent, type WebhookReply } from '../../../shared/schemas/webhooks.ts';
import { ApiError } from '../../api/client.ts';
import { useCreateWebhook, useDeleteWebhook, useTestWebhook, useWebhooks } from '../../api/webhooks.ts';
import { t } from '../../i18n/index.ts';
import { Button } from '../../ui/Button.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './WebhooksPanel.module.css';

/** A test's delivery usually lands within a second or two; the list is read again until then. */
const AWAIT_POLL_MS = 1_000;
const AWAIT_MAX_MS = 20_000;
/** deliveries shown per webhook (the server keeps 50) */
const SHOWN_DELIVERIES = 10;

/**
 * Settings > Developer > Webhooks (issue 30 part 2): the user's webhooks with their state and last
 * deliveries, the add form (whose answer shows the signing secret once), Send test and Delete.
 */
export function WebhooksPanel() {
  const [awaiting, setAwaiting] = useState(false);
  const hooks = useWebhooks(awaiting ? AWAIT_POLL_MS : false);
  useEffect(() => {
    if (!awaiting) return;
    const stop = setTimeout(() => setAwaiting(false), AWAIT_MAX_MS);
    return () => clearTimeout(stop);
  }, [awaiting]);

  return (
    <div className={styles.panel}>
      <h3>{t('webhooks.title')}</h3>
      <p className={styles.muted}>{t('webhooks.intro')}</p>
      {hooks.isPending ? (
        <StateBox as="p">{t('webhooks.loading')}</StateBox>
      ) : hooks.error ? (
        <StateBox as="p" tone="error" role="alert">
          {hooks.error.message}
        </StateBox>
      ) : hooks.data.length === 0 ? (
        <StateBox as="p">{t('webhooks.empty')}</StateBox>
      ) : (
        <ul className={styles.list} aria-label={t('webhooks.title')}>
          {hooks.data.map((hook) => (
            <WebhookEntry key={hook.id} hook={hook} onTested={() => setAwaiting(true)} />
          ))}
        </ul>
      )}
      <AddWebhook />
    </div>
  );
}

function WebhookEntry({ hook, onTested }: { hook: WebhookReply; onTested: () => void }) {
  const test = useTestWebhook();
  const remove = useDeleteWebhook();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className={styles.hook} aria-label={hook.url}>
      <div className={styles.head}>
        <span className={styles.url}>{hook.url}</span>
        <span className={hook.enabled ? styles.on : styles.off}>
          {hook.enabled ? t('webhooks.on') : t('webhooks.off', { count: hook.failure_count })}
        </span>
      </div>
      <p className={styles.events}>{hook.events.join(', ')}</p>
      <div className={styles.actions}>
        <Button size="sm" busy={test.isPending} onClick={() => test.mutate(hook.id, { onSuccess: onTested })}>
          {t('webhooks.sendTest')}
        </Button>
        {confirming ? (
          <span className={styles.confirm}>
            <span>{t('webhooks.confirmDelete')}</span>
            <Button size="sm" variant="danger" busy={remove.isPending} onClick={() => remove.mutate(hook.id)}>
              {t('webhooks.confirmYes')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              {t('webhooks.cancel')}
            </Button>
          </span>
        ) : (
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            {t('webhooks.delete')}
          </Button>
        )}
      </div>
      {test.isSuccess ? <p role="status">{t('webhooks.testQueued')}</p> : null}
      {test.error || remove.error ? (
        <p className={styles.error} role="alert">
          {(test.error ?? remove.error)?.message}
        </p>
      ) : null}
      <Deliveries hook={hook} />
    </li>
  );
}

function Deliveries({ hook }: { hook: WebhookReply }) {
  if (hook.deliveries.length === 0) return <p className={styles.muted}>{t('webhooks.noDeliveries')}</p>;
  return (
    <table className={styles.log}>
      <caption>{t('webhooks.deliveries')}</caption>
      <tbody>
        {hook.deliveries.slice(0, SHOWN_DELIVERIES).map((d) => {
          const ok = d.status_code !== null && d.status_code >= 200 && d.status_code < 300;
          return (
            <tr key={`${d.event_id}-${d.attempt}-${d.at}`}>
              <td className={ok ? styles.ok : styles.failed} title={d.error ?? undefined}>
                {d.status_code ?? t('webhooks.noAnswer')}
              </td>
              <td>{d.event}</td>
              <td>{d.attempt > 1 ? t('webhooks.attempt', { attempt: d.attempt }) : ''}</td>
              <td>
                <time dateTime={d.at}>{new Date(d.at).toLocaleString()}</time>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function AddWebhook() {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>(['item.created']);
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (reply) => {
          setSecret(reply.secret);
          setCopied(false);
          setUrl('');
        },
      },
    );
  };
  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((list) => (on ? [...list, event] : list.filter((x) => x !== event)));
  const copy = async () => {
    await navigator.clipboard?.writeText(secret ?? '').catch(() => undefined);
    setCopied(true);
  };

  if (secret)
    return (
      <div className={styles.secretBox} role="status">
        <p>
          <strong>{t('webhooks.secretTitle')}</strong> {t('webhooks.secretOnce')}
        </p>
        <code className={styles.secret} data-testid="webhook-secret">
          {secret}
        </code>
        <div className={styles.actions}>
          <Button size="sm" onClick={copy}>
            {copied ? t('webhooks.copied') : t('webhooks.copy')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSecret(null)}>
            {t('webhooks.done')}
          </Button>
        </div>
      </div>
    );

  const problem = create.error instanceof ApiError ? create.error : null;
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label={t('webhooks.url')}
        type="url"
        inputMode="url"
        placeholder="https://example.com/folio-hook"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        warning={problem && (!problem.field || problem.field === 'url') ? problem.message : undefined}
        required
      />
      <fieldset className={styles.eventChoice}>
        <legend>{t('webhooks.events')}</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className={styles.check}>
            <input
              type="checkbox"
              checked={events.includes(event)}
              onChange={(e) => toggle(event, e.target.checked)}
            />
            {event}
          </label>
        ))}
      </fieldset>
      {problem?.field && problem.field !== 'url' ? (
        <p className={styles.error} role="alert">
          {problem.message}
        </p>
      ) : null}
      <Button
        type="submit"
        variant="primary"
        busy={create.isPending}
        disabled={!url.trim() || !events.length}
      >
        {t('webhooks.add')}
      </Button>
    </form>
  );
}
