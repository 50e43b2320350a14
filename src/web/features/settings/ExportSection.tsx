import { Download, FileDown } from 'lucide-react';
import {
  LIBRARY_FORMAT_LABELS,
  type LibraryExportStatus,
  type LibraryFormatName,
} from '../../../shared/schemas/library-export.ts';
import {
  isExportRunning,
  libraryExportDownloadUrl,
  useLibraryExports,
  useStartLibraryExport,
} from '../../api/library-export.ts';
import { formatSize } from '../../lib/format-size.ts';
import { Button } from '../../ui/Button.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import { BackupScheduleForm } from './BackupScheduleForm.tsx';
import styles from './Export.module.css';
import settings from './Settings.module.css';

/**
 * Settings > Export: the whole library in each format this server writes, one button each; the
 * runs with their state, size and times, and a download while one is kept; the backup schedule.
 */
export function ExportSection() {
  return (
    <section className={settings.section} aria-labelledby="export-h" id="export">
      <h2 id="export-h">Export</h2>
      <ExportPanel />
      <h3>Scheduled backup</h3>
      <BackupScheduleForm />
    </section>
  );
}

export function ExportPanel() {
  const list = useLibraryExports();
  const start = useStartLibraryExport();
  if (!list.data) {
    return list.error ? (
      <StateBox tone="error" as="p">
        {list.error.message}
      </StateBox>
    ) : (
      <StateBox as="p">Loading your exports...</StateBox>
    );
  }
  const { formats, exports } = list.data;
  const busy = new Set(exports.filter(isExportRunning).map((e) => e.format));
  return (
    <div className={styles.panel}>
      <p className={settings.muted}>
        Take your whole library elsewhere. Each file is made in the background; a download is kept for 24
        hours.
      </p>
      <ul className={styles.formats} aria-label="Export formats">
        {formats.map((f) => (
          <li key={f.name} className={styles.format}>
            <div>
              <strong>{f.label}</strong>
              <span className={settings.muted}>
                {' '}
                .{f.extension}: {f.hint}
              </span>
            </div>
            <Button
              size="sm"
              icon={<FileDown size={16} />}
              busy={busy.has(f.name) || (start.isPending && start.variables === f.name)}
              onClick={() => start.mutate(f.name)}
              aria-label={`Export ${f.label}`}
            >
              Export
            </Button>
          </li>
        ))}
      </ul>
      {start.error ? (
        <p className={settings.error} role="alert">
          {start.error.message}
        </p>
      ) : null}
      {exports.length === 0 ? (
        <StateBox as="p">No exports yet.</StateBox>
      ) : (
        <ul className={styles.runs} aria-label="Your exports">
          {exports.map((e) => (
            <ExportRun key={e.job_id} run={e} />
          ))}
        </ul>
      )}
    </div>
  );
}

const when = (iso: string) => new Date(iso).toLocaleString();

function stateLine(run: LibraryExportStatus): string {
  switch (run.state) {
    case 'queued':
      return 'Waiting to start...';
    case 'running':
      return run.bytes ? `Writing... ${formatSize(run.bytes)} so far` : 'Writing...';
    case 'ready':
      return `${formatSize(run.bytes)}, made ${when(run.finished_at!)}${run.expires_at ? `, kept until ${when(run.expires_at)}` : ''}`;
    case 'expired':
      return `Expired ${when(run.expires_at!)}`;
    case 'failed':
      return run.message ?? 'Failed.';
  }
}

function ExportRun({ run }: { run: LibraryExportStatus }) {
  const label = LIBRARY_FORMAT_LABELS[run.format as LibraryFormatName]?.label ?? run.format;
  return (
    <li className={styles.run} data-state={run.state} aria-label={`${label}: ${run.state}`}>
      <div className={styles.runText}>
        <strong>{label}</strong>
        {run.scheduled ? <span className={styles.badge}>scheduled</span> : null}
        <span className={run.state === 'failed' ? settings.error : settings.muted} role="status">
          {stateLine(run)}
        </span>
        {run.scheduled && run.message && run.state === 'ready' ? (
          <span className={settings.muted}>{run.message}</span>
        ) : null}
      </div>
      {isExportRunning(run) ? <progress aria-label={`${label} in progress`} /> : null}
      {run.state === 'ready' ? (
        <a className={styles.download} href={libraryExportDownloadUrl(run.job_id)} download>
          <Download size={16} aria-hidden="true" /> Download
        </a>
      ) : null}
    </li>
  );
}
