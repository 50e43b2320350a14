import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  BACKUP_KEEP_MAX,
  type BackupScheduleInput,
  type BackupScheduleReply,
} from '../../../shared/schemas/library-export.ts';
import { useBackupSchedule, useSetBackupSchedule } from '../../api/library-export.ts';
import { Button } from '../../ui/Button.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import styles from './Export.module.css';
import settings from './Settings.module.css';

/**
 * The scheduled Folio backup: off, daily or weekly; how many are kept on the server; optionally a
 * copy to the connected WebDAV folder or Google Drive; how the last run went.
 */
export function BackupScheduleForm() {
  const schedule = useBackupSchedule();
  if (!schedule.data) {
    return schedule.error ? (
      <StateBox tone="error" as="p">
        {schedule.error.message}
      </StateBox>
    ) : (
      <StateBox as="p">Loading the schedule...</StateBox>
    );
  }
  return <ScheduleForm current={schedule.data} />;
}

function ScheduleForm({ current }: { current: BackupScheduleReply }) {
  const save = useSetBackupSchedule();
  const [form, setForm] = useState<BackupScheduleInput>(() => inputOf(current));
  useEffect(() => setForm(inputOf(current)), [current]);
  const set = (change: Partial<BackupScheduleInput>) => setForm((f) => ({ ...f, ...change }));
  const ids = { frequency: useId(), keep: useId(), destination: useId() };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(form);
  };
  return (
    <form className={styles.schedule} onSubmit={submit} aria-label="Scheduled backup">
      <p className={settings.muted}>
        A Folio backup (everything, files included) made for you and kept on the server; it restores through
        Import.
      </p>
      <div className={styles.fields}>
        <label htmlFor={ids.frequency}>Back up</label>
        <select
          id={ids.frequency}
          className={styles.select}
          value={form.frequency}
          onChange={(e) => set({ frequency: e.target.value as BackupScheduleInput['frequency'] })}
        >
          <option value="off">Never</option>
          <option value="daily">Every day</option>
          <option value="weekly">Every week</option>
        </select>
        <label htmlFor={ids.keep}>Keep the last</label>
        <input
          id={ids.keep}
          className={styles.select}
          type="number"
          min={1}
          max={BACKUP_KEEP_MAX}
          value={form.keep}
          onChange={(e) => set({ keep: Number(e.target.value) })}
        />
        <label htmlFor={ids.destination}>Also send to</label>
        <select
          id={ids.destination}
          className={styles.select}
          value={form.destination}
          onChange={(e) => set({ destination: e.target.value as BackupScheduleInput['destination'] })}
        >
          <option value="server">Nowhere else</option>
          <option value="webdav" disabled={!current.drives.webdav}>
            WebDAV folder{current.drives.webdav ? '' : ' (not connected)'}
          </option>
          <option value="google_drive" disabled={!current.drives.google_drive}>
            Google Drive{current.drives.google_drive ? '' : ' (not connected)'}
          </option>
        </select>
      </div>
      <LastRun current={current} />
      {save.error ? (
        <p className={settings.error} role="alert">
          {save.error.message}
        </p>
      ) : save.isSuccess ? (
        <p className={settings.ok} role="status">
          Saved.
        </p>
      ) : null}
      <div>
        <Button type="submit" variant="primary" busy={save.isPending}>
          Save schedule
        </Button>
      </div>
    </form>
  );
}

const inputOf = ({ frequency, keep, destination }: BackupScheduleReply): BackupScheduleInput => ({
  frequency,
  keep,
  destination,
});

function LastRun({ current }: { current: BackupScheduleReply }) {
  const next =
    current.frequency !== 'off' && current.next_run_at
      ? `Next backup after ${new Date(current.next_run_at).toLocaleString()}.`
      : null;
  if (!current.last_run_at) return next ? <p className={settings.muted}>{next}</p> : null;
  return (
    <p className={current.last_result === 'failed' ? settings.error : settings.muted}>
      Last backup {new Date(current.last_run_at).toLocaleString()}:{' '}
      {current.last_result === 'failed' ? 'failed' : 'done'}. {current.last_message} {next}
    </p>
  );
}
