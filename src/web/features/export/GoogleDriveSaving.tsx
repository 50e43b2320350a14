import { useEffect } from 'react';
import { GDRIVE_FAILED_CLOSE_MS, GDRIVE_MSG } from '../../../shared/schemas/drives.ts';
import { Modal } from '../../ui/Modal.tsx';
import styles from './Export.module.css';

export type DriveSaving = { state: 'saving' } | { state: 'saved'; link: string } | { state: 'failed' };

/**
 * A save to Google Drive as spec part 2 §8 shows it (a note from its page, a Generate Report):
 * 'Saving to google drive..', then 'Saved! Open the Google Doc URL below to check it:' with the
 * link, or 'Save failed!' and the dialog closes after 1 s.
 */
export function GoogleDriveSaving(props: { title: string; saving: DriveSaving | null; onClose: () => void }) {
  const { saving, onClose } = props;
  useEffect(() => {
    if (saving?.state !== 'failed') return;
    const timer = setTimeout(onClose, GDRIVE_FAILED_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [saving, onClose]);

  const line =
    saving?.state === 'saving'
      ? GDRIVE_MSG.noteSaving
      : saving?.state === 'saved'
        ? GDRIVE_MSG.noteSaved
        : GDRIVE_MSG.noteFailed;

  return (
    <Modal
      open={saving !== null}
      onOpenChange={(o) => (o ? undefined : onClose())}
      title={props.title}
      size="sm"
    >
      <p className={styles.status} role="status" aria-live="polite">
        {line}
      </p>
      {saving?.state === 'saved' ? (
        <a className={styles.driveLink} href={saving.link} target="_blank" rel="noopener noreferrer">
          {saving.link}
        </a>
      ) : null}
    </Modal>
  );
}
