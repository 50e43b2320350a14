import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { GDRIVE_MSG } from '../../../shared/schemas/drives.ts';
import {
  connectGoogleDrive,
  deleteGoogleDrive,
  googleDriveKey,
  useGoogleDriveStatus,
} from '../../api/drives.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { StateBox } from '../../ui/StateBox.tsx';

/**
 * The Google Drive connection (issue 18 part 5): Connect sends the browser to Google's consent
 * (only the files Folio creates: the drive.file scope); it comes back to this page. Disconnect
 * forgets the tokens.
 */
export function GoogleDriveDialog(props: { open: boolean; onClose: () => void }) {
  const status = useGoogleDriveStatus(props.open);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const connected = status.data?.connected ?? false;

  useEffect(() => {
    if (props.open) setError('');
  }, [props.open]);

  const connect = async () => {
    setBusy(true);
    setError('');
    try {
      const { url } = await connectGoogleDrive(`${window.location.pathname}${window.location.search}`);
      window.location.assign(url);
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : GDRIVE_MSG.connectFailed);
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      const reply = await deleteGoogleDrive();
      queryClient.setQueryData(googleDriveKey, { code: 1, configured: true, connected: false });
      notify({ kind: 'done', text: reply.message });
      props.onClose();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : GDRIVE_MSG.unreachable);
    } finally {
      setBusy(false);
    }
  };

  let body: ReactNode;
  if (status.isPending) body = <StateBox>Loading...</StateBox>;
  else if (status.isError) body = <StateBox tone="error">{GDRIVE_MSG.unreachable}</StateBox>;
  else if (!status.data.configured) body = <p>{GDRIVE_MSG.notConfigured}</p>;
  else if (connected)
    body = <p>Google Drive is connected. Exports are saved as new documents in your Drive.</p>;
  else
    body = (
      <p>
        Connect your Google account to save exports as Google Docs. Folio only sees the files it creates
        there. You will come back here after Google asks for your consent.
      </p>
    );

  return (
    <Modal
      open={props.open}
      onOpenChange={(o) => (o ? undefined : props.onClose())}
      title="Google Drive"
      footer={
        status.data?.configured ? (
          connected ? (
            <Button variant="ghost" disabled={busy} onClick={remove}>
              Disconnect
            </Button>
          ) : (
            <Button variant="primary" disabled={busy} onClick={connect}>
              {busy ? 'Opening Google...' : 'Connect Google Drive'}
            </Button>
          )
        ) : null
      }
    >
      {body}
      {error ? (
        <StateBox as="p" tone="error" role="alert">
          {error}
        </StateBox>
      ) : null}
    </Modal>
  );
}
