import { useQueryClient } from '@tanstack/react-query';
import { Cloud, Copy, Eye, FileDown, FileText, NotebookPen, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { GDRIVE_MSG, WEBDAV_MSG } from '../../../shared/schemas/drives.ts';
import type { ExportFormat } from '../../../shared/schemas/export.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { sendToGoogleDrive, sendToWebdav, useGoogleDriveStatus, useWebdavStatus } from '../../api/drives.ts';
import { downloadExport, exportToNote, useExportPreview } from '../../api/export.ts';
import { queryKeys } from '../../api/keys.ts';
import { links } from '../../lib/links.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { copyRich } from './clipboard.ts';
import styles from './Export.module.css';
import { GoogleDriveButton } from './GoogleDriveButton.tsx';
import { GoogleDriveDialog } from './GoogleDriveDialog.tsx';
import { type ExportStatus, exportText, statusLine } from './messages.ts';
import { WebdavDialog } from './WebdavDialog.tsx';

const STATUS_OF: Record<ExportFormat, ExportStatus> = { pdf: 'pdf_start', doc: 'word', md: 'markdown' };

/**
 * The Export modal (spec part 1 §2, §4, §9) for one item or the bulk selection: Copy, As PDF, As
 * MS-Word, As Markdown, Export to note, To Google Drive (a Google Doc; only when the
 * server has an OAuth client), Send to WebDAV and Preview. Every button waits for the preview
 * ('Generating preview...').
 */
export function ExportModal(props: { items: ItemReply[]; onClose: () => void }) {
  const open = props.items.length > 0;
  const ids = props.items.map((i) => i.link_id);
  const preview = useExportPreview(ids, open);
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ExportStatus>('none');
  const [showPreview, setShowPreview] = useState(false);
  const [saving, setSaving] = useState(false);
  const webdav = useWebdavStatus(open);
  const [webdavOpen, setWebdavOpen] = useState(false);
  const google = useGoogleDriveStatus(open);
  const [googleOpen, setGoogleOpen] = useState(false);
  /** a drive send's own status line: sending, saved (with the file's link) or failed */
  const [drive, setDrive] = useState<{ line: string; link?: string; busy?: boolean } | null>(null);

  const ready = preview.isSuccess;
  const busy = status !== 'none' || saving;
  const close = () => {
    setStatus('none');
    setShowPreview(false);
    setDrive(null);
    props.onClose();
  };

  const download = async (format: ExportFormat) => {
    setStatus(STATUS_OF[format]);
    try {
      await downloadExport(ids, format);
    } catch (err) {
      notify({ kind: 'error', text: err instanceof Error && err.message ? err.message : exportText.failed });
    } finally {
      setStatus('none');
    }
  };

  const copy = async () => {
    if (!preview.data) return;
    const ok = await copyRich(preview.data.html, preview.data.text);
    notify(ok ? { kind: 'done', text: exportText.copied } : { kind: 'error', text: exportText.copyFailed });
  };

  const toNote = async () => {
    if (!preview.data) return;
    setSaving(true);
    try {
      const id = await exportToNote(preview.data.html);
      notify({ kind: 'done', text: exportText.noteCreated });
      void queryClient.invalidateQueries({ queryKey: queryKeys.itemsRoot });
      close();
      navigate(links.exportedNote(props.items[0]?.user_name ?? '', id));
    } catch {
      notify({ kind: 'error', text: exportText.noteFailed });
    } finally {
      setSaving(false);
    }
  };

  const toWebdav = async () => {
    if (!webdav.data?.connected) {
      setWebdavOpen(true);
      return;
    }
    setDrive({ line: WEBDAV_MSG.sending, busy: true });
    try {
      const reply = await sendToWebdav(ids);
      setDrive({ line: reply.message, link: reply.data.webViewLink });
    } catch (err) {
      setDrive({
        line: err instanceof Error && err.message ? `${WEBDAV_MSG.failed} ${err.message}` : WEBDAV_MSG.failed,
      });
    }
  };

  /** spec part 1 §4: googleDrive ('Sending to Google Drive...'), then googleDriveLink or googleDriveError */
  const toGoogleDrive = async () => {
    if (!google.data?.connected) {
      setGoogleOpen(true);
      return;
    }
    setDrive({ line: GDRIVE_MSG.sending, busy: true });
    try {
      const reply = await sendToGoogleDrive(ids);
      setDrive({ line: reply.message, link: reply.data.webViewLink });
    } catch (err) {
      const reason = err instanceof Error ? err.message : '';
      setDrive({ line: reason.startsWith(GDRIVE_MSG.failed) ? reason : GDRIVE_MSG.failed });
      notify({ kind: 'error', text: GDRIVE_MSG.failed });
      // a revoked grant was forgotten by the server: the next click offers to connect again
      void google.refetch();
    }
  };

  const disabled = !ready || busy || !!drive?.busy;
  let line = statusLine(status);
  if (preview.isPending && open) line = exportText.preview;
  if (preview.isError) line = exportText.failed;
  if (saving) line = 'Creating note...';
  if (drive) line = drive.line;

  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? undefined : close())}
      title={props.items.length > 1 ? `Export ${props.items.length} items` : 'Export'}
      size="lg"
    >
      <p className={styles.status} role="status" aria-live="polite">
        {line}
      </p>
      {drive?.link ? (
        <a className={styles.driveLink} href={drive.link} target="_blank" rel="noopener noreferrer">
          {drive.link}
        </a>
      ) : null}
      <div className={styles.buttons}>
        <Button icon={<Copy size={14} />} disabled={disabled} onClick={copy}>
          Copy
        </Button>
        <Button icon={<FileDown size={14} />} disabled={disabled} onClick={() => download('pdf')}>
          As PDF
        </Button>
        <Button icon={<FileText size={14} />} disabled={disabled} onClick={() => download('doc')}>
          As MS-Word
        </Button>
        <Button icon={<FileText size={14} />} disabled={disabled} onClick={() => download('md')}>
          As Markdown
        </Button>
        <Button icon={<NotebookPen size={14} />} disabled={disabled} onClick={toNote}>
          Export to note
        </Button>
        <GoogleDriveButton
          label="To Google Drive"
          status={google.data}
          disabled={disabled || google.isPending}
          onClick={toGoogleDrive}
        />
        {google.data?.configured ? (
          <Button
            icon={<Settings2 size={14} />}
            variant="ghost"
            aria-label="Google Drive settings"
            title="Google Drive settings"
            onClick={() => setGoogleOpen(true)}
          />
        ) : null}
        <Button icon={<Cloud size={14} />} disabled={disabled || webdav.isPending} onClick={toWebdav}>
          Send to WebDAV
        </Button>
        <Button
          icon={<Settings2 size={14} />}
          variant="ghost"
          aria-label="WebDAV folder settings"
          title="WebDAV folder settings"
          onClick={() => setWebdavOpen(true)}
        />
        <Button
          icon={<Eye size={14} />}
          disabled={!ready}
          aria-pressed={showPreview}
          onClick={() => setShowPreview((v) => !v)}
        >
          Preview
        </Button>
      </div>
      {showPreview && preview.data ? (
        <section
          className={styles.preview}
          aria-label="Export preview"
          // the server escapes every text; the only markup is its own (headings, paragraphs, marks)
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server-built HTML of escaped text
          dangerouslySetInnerHTML={{ __html: preview.data.html }}
        />
      ) : null}
      <WebdavDialog open={webdavOpen} onClose={() => setWebdavOpen(false)} />
      <GoogleDriveDialog open={googleOpen} onClose={() => setGoogleOpen(false)} />
    </Modal>
  );
}
