import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { WEBDAV_MSG } from '../../../shared/schemas/drives.ts';
import { ApiError } from '../../api/client.ts';
import { connectWebdav, deleteWebdav, useWebdavStatus, webdavKey } from '../../api/drives.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { TextField } from '../../ui/TextField.tsx';
import styles from './Export.module.css';

/**
 * The WebDAV connection (issue 18 part 5): a folder address (Nextcloud: …/remote.php/dav/files/{user}/Folio/),
 * a user name and an app password. Saving tests the folder first; the password is never shown again.
 */
export function WebdavDialog(props: { open: boolean; onClose: () => void }) {
  const status = useWebdavStatus(props.open);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [url, setUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [warning, setWarning] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const connected = status.data?.connected ?? false;

  useEffect(() => {
    if (!props.open || !status.data) return;
    setUrl(status.data.url);
    setUsername(status.data.username);
    setPassword('');
    setWarning(null);
  }, [props.open, status.data]);

  const save = async () => {
    setBusy(true);
    setWarning(null);
    try {
      const reply = await connectWebdav({ url, username, password });
      queryClient.setQueryData(webdavKey, {
        code: 1,
        connected: true,
        url: reply.url,
        username: reply.username,
      });
      notify({ kind: 'done', text: reply.message });
      props.onClose();
    } catch (err) {
      const field = err instanceof ApiError ? err.field : undefined;
      setWarning({
        field,
        message: err instanceof Error && err.message ? err.message : WEBDAV_MSG.unreachable,
      });
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setBusy(true);
    try {
      const reply = await deleteWebdav();
      queryClient.setQueryData(webdavKey, { code: 1, connected: false, url: '', username: '' });
      notify({ kind: 'done', text: reply.message });
      props.onClose();
    } finally {
      setBusy(false);
    }
  };

  const warn = (field: string) =>
    warning && (warning.field ?? 'url') === field ? warning.message : undefined;

  return (
    <Modal
      open={props.open}
      onOpenChange={(o) => (o ? undefined : props.onClose())}
      title="WebDAV folder"
      footer={
        <>
          {connected ? (
            <Button variant="ghost" disabled={busy} onClick={remove}>
              Disconnect
            </Button>
          ) : null}
          <Button variant="primary" disabled={busy} onClick={save}>
            {busy ? 'Checking...' : 'Save'}
          </Button>
        </>
      }
    >
      <form
        className={styles.webdavForm}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField
          label="Folder address"
          type="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          hint="e.g. https://cloud.example.com/remote.php/dav/files/you/Folio/"
          warning={warn('url')}
        />
        <TextField
          label="User name"
          value={username}
          autoComplete="username"
          onChange={(e) => setUsername(e.target.value)}
          warning={warn('username')}
        />
        <TextField
          label="App password"
          type="password"
          value={password}
          autoComplete="new-password"
          onChange={(e) => setPassword(e.target.value)}
          hint={
            connected
              ? 'Leave empty to keep the saved one.'
              : 'Create an app password in your cloud settings.'
          }
          warning={warn('password')}
        />
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
