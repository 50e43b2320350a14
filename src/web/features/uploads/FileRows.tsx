import { X } from 'lucide-react';
import { UPLOAD_MSG } from '../../../shared/schemas/values.ts';
import { formatSize } from '../../lib/format-size.ts';
import { IconButton } from '../../ui/IconButton.tsx';
import { isRemovable, type UploadEntry } from './file-list.ts';
import styles from './Uploads.module.css';

function barText(entry: UploadEntry): string {
  switch (entry.uploadStatus) {
    case 0:
      return entry.valid ? 'Waiting' : 'Not uploaded';
    case 1:
      return `${entry.progress}%`;
    case 2:
      return 'Uploaded';
    default:
      return UPLOAD_MSG.progressError;
  }
}

/** One row per file: name and size, a progress bar, its error, and a remove button while pending. */
export function FileRows(props: { entries: UploadEntry[]; onRemove: (hash: string) => void }) {
  if (props.entries.length === 0) return null;
  return (
    <ul className={styles.files} aria-label="Files to upload">
      {props.entries.map((entry) => {
        const failed = entry.uploadStatus < 0;
        const barClass = [
          styles.bar,
          entry.uploadStatus === 2 ? styles.barDone : '',
          failed ? styles.barError : '',
        ].join(' ');
        return (
          <li
            key={entry.hash}
            className={styles.file}
            aria-label={entry.file.name}
            data-status={entry.uploadStatus}
          >
            <span className={styles.fileName} title={entry.file.name}>
              {entry.file.name} <span className={styles.fileSize}>{formatSize(entry.file.size)}</span>
            </span>
            {isRemovable(entry) ? (
              <IconButton
                size="xs"
                label={`Remove ${entry.file.name}`}
                title="Remove"
                icon={<X size={14} aria-hidden="true" />}
                onClick={() => props.onRemove(entry.hash)}
              />
            ) : (
              <span />
            )}
            {entry.valid ? (
              <div
                className={barClass}
                role="progressbar"
                aria-label={`Upload of ${entry.file.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={entry.progress}
                aria-valuetext={barText(entry)}
              >
                <span className={styles.barFill} style={{ width: failed ? '100%' : `${entry.progress}%` }} />
                <span className={styles.barText}>{barText(entry)}</span>
              </div>
            ) : null}
            {entry.errorMsg ? (
              <p className={styles.fileError} role={failed ? 'alert' : undefined}>
                {entry.errorMsg}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
