import { CircleCheck, FileUp, Upload } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  BACKUP_IMPORT_MAX_BYTES,
  IMPORT_FORMAT_LABELS,
  IMPORT_FORMAT_NAMES,
  IMPORT_MAX_BYTES,
  IMPORT_MSG,
  type ImportStatus,
} from '../../../shared/schemas/import.ts';
import { isRunning, useImportStatus, useImports, useStartImport } from '../../api/import.ts';
import { formatSize } from '../../lib/format-size.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './Import.module.css';

/**
 * Import from another service: choose an export file (its format is recognised from the content, or
 * chosen), watch the upload and then the import's progress, then read what was added, merged,
 * skipped or failed and why. A running import is picked up again after a reload or in another tab.
 */
export function ImportPanel() {
  const imports = useImports();
  const start = useStartImport();
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState('');
  const [upload, setUpload] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const fileId = useId();
  const formatId = useId();

  // an import still running (started before a reload, or in another tab) is shown at once
  const running = imports.data?.imports.find(isRunning);
  useEffect(() => {
    if (jobId === null && running) setJobId(running.job_id);
  }, [jobId, running]);
  useEffect(() => () => abort.current?.abort(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(IMPORT_MSG.fileMissing);
    // only a zip may be a Folio backup, whose cap is larger; the server checks the content
    const cap = /\.zip$/i.test(file.name) ? BACKUP_IMPORT_MAX_BYTES : IMPORT_MAX_BYTES;
    if (file.size > cap) return setError(IMPORT_MSG.tooLarge);
    const controller = new AbortController();
    abort.current = controller;
    setError(null);
    setUpload(0);
    start.mutate(
      { file, format, onProgress: setUpload, signal: controller.signal },
      {
        onSuccess: (reply) => {
          setUpload(null);
          setJobId(reply.job_id);
        },
        onError: (err) => {
          setUpload(null);
          if (!controller.signal.aborted) setError(err.message);
        },
      },
    );
  };

  if (jobId !== null) {
    return (
      <ImportProgress
        jobId={jobId}
        onAnother={() => {
          setJobId(null);
          setFile(null);
        }}
      />
    );
  }
  return (
    <form className={styles.form} onSubmit={submit} aria-label="Import a library">
      <p className={styles.hint}>
        Bring your bookmarks, folders, favourites and highlights from a browser, Pocket, Raindrop, Pinboard,
        Instapaper, Readwise, Karakeep, Linkwarden, Wallabag, Omnivore, Hypothesis or Diigo. What is already
        in your library is merged, not repeated.
      </p>
      <div className={styles.fields}>
        <label htmlFor={fileId} className={styles.label}>
          Export file
        </label>
        <input
          id={fileId}
          className={styles.file}
          type="file"
          accept=".html,.htm,.csv,.json,.zip,.txt,.opml,.xml"
          disabled={upload !== null}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setError(null);
          }}
        />
        {file ? (
          <span className={styles.muted}>
            <FileUp size={14} aria-hidden="true" /> {file.name} ({formatSize(file.size, 0)})
          </span>
        ) : null}
        <label htmlFor={formatId} className={styles.label}>
          Format
        </label>
        <select
          id={formatId}
          className={styles.select}
          value={format}
          onChange={(e) => setFormat(e.target.value)}
          disabled={upload !== null}
        >
          <option value="">Recognise from the file</option>
          {IMPORT_FORMAT_NAMES.map((name) => (
            <option key={name} value={name}>
              {IMPORT_FORMAT_LABELS[name]}
            </option>
          ))}
        </select>
      </div>
      {upload !== null ? (
        <div className={styles.progress}>
          <progress max={100} value={Math.round(upload * 100)} aria-label="Upload progress" />
          <span>{upload < 1 ? `Uploading ${Math.round(upload * 100)}%` : 'Recognising the format...'}</span>
        </div>
      ) : null}
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div>
        <Button
          type="submit"
          variant="primary"
          icon={<Upload size={16} />}
          busy={upload !== null}
          disabled={!file}
        >
          Import
        </Button>
      </div>
    </form>
  );
}

function ImportProgress(props: { jobId: number; onAnother: () => void }) {
  const status = useImportStatus(props.jobId);
  const s = status.data;
  if (!s) {
    return <p className={styles.muted}>{status.error ? status.error.message : 'Loading the import...'}</p>;
  }
  const percent = s.total ? Math.round((s.done / s.total) * 100) : 0;
  return (
    <div className={styles.form}>
      <p>
        <strong>{s.file_name || 'Your file'}</strong> <span className={styles.muted}>({s.format_label})</span>
      </p>
      {isRunning(s) ? (
        <div className={styles.progress}>
          <progress
            max={100}
            value={percent}
            aria-label="Import progress"
            aria-valuetext={s.total ? `${s.done} of ${s.total} entries` : 'Starting'}
          />
          <span role="status">
            {s.state === 'queued' ? 'Waiting to start...' : `${s.done} of ${s.total} entries`}
          </span>
        </div>
      ) : (
        <Summary status={s} />
      )}
      {isRunning(s) ? (
        <p className={styles.muted}>
          You can leave this page: the import goes on, and pages are saved in the background.
        </p>
      ) : (
        <div>
          <Button variant="secondary" onClick={props.onAnother}>
            Import another file
          </Button>
        </div>
      )}
    </div>
  );
}

function Summary({ status: s }: { status: ImportStatus }) {
  if (s.state === 'failed') {
    return (
      <p className={styles.error} role="alert">
        {s.message ?? 'The import failed.'}
      </p>
    );
  }
  const line = [
    `${s.added} added`,
    `${s.merged} merged into what you had`,
    ...(s.skipped ? [`${s.skipped} skipped`] : []),
    ...(s.failed ? [`${s.failed} failed`] : []),
  ].join(', ');
  return (
    <div className={styles.summary}>
      <p role="status" className={styles.done}>
        <CircleCheck size={18} aria-hidden="true" /> Import finished: {line}.
      </p>
      {s.errors.length ? (
        <ul aria-label="Skipped and failed entries" className={styles.problems}>
          {s.errors.map((e, i) => (
            // problems have no id of their own; their order is fixed
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
            <li key={i}>
              <span className={styles.place}>
                {e.line !== undefined ? `Line ${e.line}` : `Entry ${e.entry ?? '?'}`}
              </span>{' '}
              {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
