import styles from './Offline.module.css';
import { useOnline } from './online.ts';
import { reloadToNewVersion, useWaitingVersion } from './service-worker.ts';

/** The top bar's "Offline" badge: what is shown now comes from the device. */
export function OfflineBadge() {
  const online = useOnline();
  if (online) return null;
  return (
    <span className={styles.badge} role="status" title="No network: you are reading what this device keeps">
      Offline
    </span>
  );
}

/** A new version of the app was installed in the background: Reload switches to it. */
export function UpdateNotice() {
  const waiting = useWaitingVersion();
  if (!waiting) return null;
  return (
    <div className={styles.update} role="status">
      <span>New version available</span>
      <button type="button" className={styles.reload} onClick={reloadToNewVersion}>
        Reload
      </button>
    </div>
  );
}
