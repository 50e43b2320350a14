import { UploadCloud } from 'lucide-react';
import { useEffect, useState } from 'react';
import { GDRIVE_FAILED_CLOSE_MS, GDRIVE_MSG } from '../../../shared/schemas/drives.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { sendToGoogleDrive, useGoogleDriveStatus } from '../../api/drives.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import styles from '../export/Export.module.css';
import { GoogleDriveDialog } from '../export/GoogleDriveDialog.tsx';
import { useGoogleDriveReturn } from '../export/google-drive-return.ts';

type Saving = { state: 'saving' } | { state: 'saved'; link: string } | { state: 'failed' };

/**
 * Send a note to a cloud drive (spec part 2 §7, §8): the note page's Save to Google Drive, shown when
 * the server has a Google OAuth client. 'Saving to google drive..', then 'Saved! Open the Google
 * Doc URL below to check it:' with the link, or 'Save failed!' and the dialog closes after 1 s.
 * The note goes as its last saved version.
 */
export function NoteDriveButton({ item }: { item: ItemReply }) {
  const status = useGoogleDriveStatus(true);
  const [connectOpen, setConnectOpen] = useState(false);
  const [saving, setSaving] = useState<Saving | null>(null);
  // back from Google's consent started on this page
  useGoogleDriveReturn();

  useEffect(() => {
    if (saving?.state !== 'failed') return;
    const timer = setTimeout(() => setSaving(null), GDRIVE_FAILED_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [saving]);

  if (!status.data?.configured) return null;

  const save = async () => {
    if (!status.data?.connected) {
      setConnectOpen(true);
      return;
    }
    setSaving({ state: 'saving' });
    try {
      const reply = await sendToGoogleDrive([item.link_id]);
      setSaving({ state: 'saved', link: reply.data.webViewLink });
    } catch {
      setSaving({ state: 'failed' });
      // a revoked grant was forgotten by the server: the next click offers to connect again
      void status.refetch();
    }
  };

  const line =
    saving?.state === 'saving'
      ? GDRIVE_MSG.noteSaving
      : saving?.state === 'saved'
        ? GDRIVE_MSG.noteSaved
        : GDRIVE_MSG.noteFailed;

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        icon={<UploadCloud size={16} aria-hidden="true" />}
        disabled={saving?.state === 'saving'}
        onClick={save}
      >
        Save to Google Drive
      </Button>
      <Modal
        open={saving !== null}
        onOpenChange={(o) => (o ? undefined : setSaving(null))}
        title="Save to Google Drive"
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
      <GoogleDriveDialog open={connectOpen} onClose={() => setConnectOpen(false)} />
    </>
  );
}
