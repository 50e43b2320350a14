import { UploadCloud } from 'lucide-react';
import { useCallback, useState } from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { sendToGoogleDrive, useGoogleDriveStatus } from '../../api/drives.ts';
import { Button } from '../../ui/Button.tsx';
import { GoogleDriveDialog } from '../export/GoogleDriveDialog.tsx';
import { type DriveSaving, GoogleDriveSaving } from '../export/GoogleDriveSaving.tsx';
import { useGoogleDriveReturn } from '../export/google-drive-return.ts';

/**
 * Send a note to a cloud drive (spec part 2 §7, §8): the note page's Save to Google Drive, shown when
 * the server has a Google OAuth client (GoogleDriveSaving says how it went). The note goes as its
 * last saved version.
 */
export function NoteDriveButton({ item }: { item: ItemReply }) {
  const status = useGoogleDriveStatus(true);
  const [connectOpen, setConnectOpen] = useState(false);
  const [saving, setSaving] = useState<DriveSaving | null>(null);
  const closeSaving = useCallback(() => setSaving(null), []);
  // back from Google's consent started on this page
  useGoogleDriveReturn();

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
      <GoogleDriveSaving title="Save to Google Drive" saving={saving} onClose={closeSaving} />
      <GoogleDriveDialog open={connectOpen} onClose={() => setConnectOpen(false)} />
    </>
  );
}
