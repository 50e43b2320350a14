import { settingsCalls } from '../../../shared/api/settings.ts';
import { OFFLINE_ITEMS_CHOICES } from '../../../shared/schemas/settings.ts';
import { useSettingsOperation } from '../../api/settings.ts';
import styles from './Settings.module.css';

/**
 * Preferences: how many of the newest unread items the user's phones and computers keep for reading
 * offline (besides the items marked Keep offline). Devices read it when they next refresh their copies.
 */
export function OfflineItemsChoice({ current }: { current: number }) {
  const op = useSettingsOperation(settingsCalls.setOfflineItems);
  return (
    <>
      <label className={styles.toggle}>
        Unread items kept for reading offline
        <select
          className={styles.select}
          value={current}
          disabled={op.isPending}
          onChange={(e) => op.mutate({ count: Number(e.target.value) })}
        >
          {OFFLINE_ITEMS_CHOICES.map((count) => (
            <option key={count} value={count}>
              {count === 0 ? 'None' : `The newest ${count}`}
            </option>
          ))}
        </select>
      </label>
      {op.error ? <p className={styles.error}>{op.error.message}</p> : null}
    </>
  );
}
