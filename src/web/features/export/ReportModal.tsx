import { useQueryClient } from '@tanstack/react-query';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Copy, NotebookPen, Printer, Send } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { REPORT_EDITOR_HEIGHT_PX } from '../../../shared/limits.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { sendReportToGoogleDrive, useGoogleDriveStatus } from '../../api/drives.ts';
import { exportToNote, useExportPreview } from '../../api/export.ts';
import { queryKeys } from '../../api/keys.ts';
import { links } from '../../lib/links.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { TextField } from '../../ui/TextField.tsx';
import notes from '../notes/Notes.module.css';
import { Toolbar } from '../notes/Toolbar.tsx';
import { BlogPublish } from './BlogPublish.tsx';
import { copyRich, printReport } from './clipboard.ts';
import styles from './Export.module.css';
import { GoogleDriveButton } from './GoogleDriveButton.tsx';
import { GoogleDriveDialog } from './GoogleDriveDialog.tsx';
import { type DriveSaving, GoogleDriveSaving } from './GoogleDriveSaving.tsx';
import { exportText } from './messages.ts';

/**
 * Generate Report (spec part 1 §2, §4, §9): 'Generating content...', then a title and a rich-text
 * content editor (the note editor's components, 480 px high) filled from the selection and its
 * highlights; Copy, Print, Export to note, Publish to blog (BlogPublish), Send to Google Drive (the
 * title and content as edited become a Google Doc; shown only when the server has an OAuth client,
 * the connection offered first when the user has none).
 */
export function ReportModal(props: { items: ItemReply[]; onClose: () => void }) {
  const open = props.items.length > 0;
  const ids = props.items.map((i) => i.link_id);
  const preview = useExportPreview(ids, open);
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [saving, setSaving] = useState(false);
  const [printing, setPrinting] = useState(false);
  const [blogOpen, setBlogOpen] = useState(false);
  const google = useGoogleDriveStatus(open);
  const [googleOpen, setGoogleOpen] = useState(false);
  const [driveSaving, setDriveSaving] = useState<DriveSaving | null>(null);
  const closeDriveSaving = useCallback(() => setDriveSaving(null), []);

  const editor = useEditor(
    {
      extensions: [StarterKit.configure({ link: { openOnClick: false } })],
      content: '',
      editorProps: {
        attributes: {
          class: notes.prose!,
          'aria-label': 'Report content',
          role: 'textbox',
          'aria-multiline': 'true',
        },
      },
    },
    [open],
  );

  // the content arrives once: later edits are the user's
  const html = preview.data?.html;
  useEffect(() => {
    if (!editor || html === undefined) return;
    editor.commands.setContent(html);
    setTitle(preview.data?.title ?? '');
  }, [editor, html, preview.data?.title]);

  const ready = preview.isSuccess && editor !== null;
  const contentHtml = () => editor?.getHTML() ?? '';

  const copy = async () => {
    if (!editor) return;
    const ok = await copyRich(
      `<h1>${escapeText(title)}</h1>${contentHtml()}`,
      `${title}\n\n${editor.getText()}`,
    );
    notify(ok ? { kind: 'done', text: exportText.copied } : { kind: 'error', text: exportText.copyFailed });
  };

  const print = () => {
    setPrinting(true);
    if (!printReport(title, contentHtml(), () => setPrinting(false))) {
      setPrinting(false);
      notify({ kind: 'error', text: exportText.failed });
    }
  };

  const toNote = async () => {
    setSaving(true);
    try {
      const id = await exportToNote(`<h1>${escapeText(title)}</h1>${contentHtml()}`);
      notify({ kind: 'done', text: exportText.noteCreated });
      void queryClient.invalidateQueries({ queryKey: queryKeys.itemsRoot });
      props.onClose();
      navigate(links.exportedNote(props.items[0]?.user_name ?? '', id));
    } catch {
      notify({ kind: 'error', text: exportText.noteFailed });
    } finally {
      setSaving(false);
    }
  };

  const toGoogleDrive = async () => {
    if (!google.data?.connected) {
      setGoogleOpen(true);
      return;
    }
    setDriveSaving({ state: 'saving' });
    try {
      const reply = await sendReportToGoogleDrive(title, contentHtml());
      setDriveSaving({ state: 'saved', link: reply.data.webViewLink });
    } catch {
      setDriveSaving({ state: 'failed' });
      // a revoked grant was forgotten by the server: the next click offers to connect again
      void google.refetch();
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(o) => (o ? undefined : props.onClose())}
      title="Generate Report"
      size="lg"
      footer={
        <>
          <Button icon={<Copy size={14} />} disabled={!ready} onClick={copy}>
            Copy
          </Button>
          <Button icon={<Printer size={14} />} disabled={!ready || printing} onClick={print}>
            Print
          </Button>
          <Button icon={<NotebookPen size={14} />} disabled={!ready || saving} onClick={toNote}>
            Export to note
          </Button>
          <Button icon={<Send size={14} />} disabled={!ready} onClick={() => setBlogOpen(true)}>
            Publish to blog
          </Button>
          <GoogleDriveButton
            label="Send to Google Drive"
            status={google.data}
            disabled={!ready || !title.trim() || google.isPending || driveSaving?.state === 'saving'}
            title={title.trim() ? undefined : 'Enter the report title.'}
            onClick={toGoogleDrive}
          />
        </>
      }
    >
      <p className={styles.status} role="status" aria-live="polite">
        {preview.isPending
          ? exportText.content
          : preview.isError
            ? exportText.failed
            : saving
              ? 'Creating note...'
              : ''}
      </p>
      <TextField label="Title" value={title} disabled={!ready} onChange={(e) => setTitle(e.target.value)} />
      <span className={styles.label}>Content</span>
      {editor ? <Toolbar editor={editor} onImages={() => undefined} uploading={false} /> : null}
      <div className={styles.editor} style={{ height: REPORT_EDITOR_HEIGHT_PX }} data-testid="report-editor">
        <EditorContent editor={editor} />
      </div>
      <BlogPublish open={blogOpen} title={title} html={contentHtml} onClose={() => setBlogOpen(false)} />
      <GoogleDriveDialog open={googleOpen} onClose={() => setGoogleOpen(false)} />
      <GoogleDriveSaving title="Send to Google Drive" saving={driveSaving} onClose={closeDriveSaving} />
    </Modal>
  );
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
