import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { IconButton } from '../IconButton.tsx';
import { Spinner } from '../Spinner.tsx';
import { createDismissTimer, type DismissTimer } from './dismiss-timer.ts';
import type { ShownNotification } from './NotificationProvider.tsx';
import styles from './Notifications.module.css';

interface ListProps {
  notifications: ShownNotification[];
  onDismiss: (id: number) => void;
}

/** The notifications area: one polite live region, so each message is read out once. */
export function NotificationList({ notifications, onDismiss }: ListProps) {
  return (
    <section className={styles.area} aria-label="Notifications" aria-live="polite">
      {notifications.map((n) => (
        <NotificationCard key={n.id} notification={n} onDismiss={() => onDismiss(n.id)} />
      ))}
    </section>
  );
}

function NotificationCard({
  notification,
  onDismiss,
}: {
  notification: ShownNotification;
  onDismiss: () => void;
}) {
  const timer = useRef<DismissTimer | null>(null);
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;

  useEffect(() => {
    const t = createDismissTimer(() => dismissRef.current());
    timer.current = t;
    return () => t.cancel();
  }, []);

  const { kind, text, action } = notification;
  useEffect(() => {
    if (kind !== 'progress') timer.current?.settle();
  }, [kind]);

  return (
    // Hover and keyboard focus both hold the message so it can be read.
    // biome-ignore lint/a11y/noStaticElementInteractions: pausing a timer, not an action; role is status/alert
    <div
      className={`${styles.card} ${kind === 'error' ? styles.error : ''}`}
      role={kind === 'error' ? 'alert' : 'status'}
      onPointerEnter={() => timer.current?.pause()}
      onPointerLeave={() => timer.current?.resume()}
      onFocus={() => timer.current?.pause()}
      onBlur={() => timer.current?.resume()}
    >
      <span className={styles.icon}>
        {kind === 'progress' ? <Spinner size={16} /> : null}
        {kind === 'done' ? <CircleCheck size={18} aria-hidden="true" /> : null}
        {kind === 'error' ? <CircleAlert size={18} aria-hidden="true" /> : null}
      </span>
      <p className={styles.text}>
        {text}
        {action ? (
          <button
            type="button"
            className={styles.action}
            onClick={() => {
              action.onClick();
              onDismiss();
            }}
          >
            {action.label}
          </button>
        ) : null}
      </p>
      <IconButton
        tone="inherit"
        className={styles.close}
        label="Dismiss notification"
        icon={<X size={16} aria-hidden="true" />}
        onClick={onDismiss}
      />
    </div>
  );
}
