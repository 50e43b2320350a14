import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { ArrowLeft, TriangleAlert, X } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EDITOR_FOCUS_MS } from '../../../shared/limits.ts';
import { noteTitle } from '../../../shared/notes.ts';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { Button } from '../../ui/Button.tsx';
import { ChipInput } from '../../ui/ChipInput.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { listHrefFromSearch } from '../reader/list-context.ts';
import { statusText } from './autosave.ts';
import { NoteDriveButton } from './NoteDrive.tsx';
import { NoteMailButton } from './NoteMail.tsx';
import styles from './Notes.module.css';
import { NoteTitle } from './NoteTitle.tsx';
import { editLink, Toolbar } from './Toolbar.tsx';
import { imageFiles, useNoteImages } from './useNoteImages.ts';
import { useNoteSession } from './useNoteSession.ts';

export interface NoteEditorProps {
  username: string;
  /** the server's note, or null for a new local note */
  item: ItemReply | null;
  /** new-<timestamp> of a new note */
  localId: string | null;
  /** opened by Add Note: closing returns to the library */
  redirect: boolean;
}

/** The rich-text note editor (part 2 §2, §4): title bar with save status, toolbar, text, tags. */
export function NoteEditor({ username, item, localId, redirect }: NoteEditorProps) {
  const session = useNoteSession({ username, item, localId });
  const images = useNoteImages(session.pauseAutosave);
  const navigate = useNavigate();
  const [search] = useSearchParams();

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['mailto'] },
      }),
      Image.configure({ allowBase64: false }),
    ],
    content: session.state.content,
    editorProps: {
      attributes: {
        class: styles.prose!,
        'aria-label': 'Note text',
        role: 'textbox',
        'aria-multiline': 'true',
      },
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        void images.upload(files);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = moved ? [] : imageFiles(event.dataTransfer?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void images.upload(files, at);
        return true;
      },
      handleKeyDown: (_view, event) => {
        const mod = event.metaKey || event.ctrlKey;
        if (mod && event.key.toLowerCase() === 's') {
          event.preventDefault();
          session.saveNow();
          return true;
        }
        if (mod && event.key.toLowerCase() === 'k' && images.editorRef.current) {
          event.preventDefault();
          editLink(images.editorRef.current);
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: e }) => session.setContent(e.getHTML()),
  });

  useEffect(() => {
    images.editorRef.current = editor;
  }, [editor, images.editorRef]);

  // a new note is for typing: its text takes the focus once the page has settled
  const isNew = localId !== null;
  useEffect(() => {
    if (!editor || !isNew) return;
    const timer = setTimeout(() => {
      if (!editor.isFocused) editor.commands.focus('end');
    }, EDITOR_FOCUS_MS);
    return () => clearTimeout(timer);
  }, [editor, isNew]);

  const title = session.state.title ?? noteTitle(session.state.content);
  const close = () => {
    if (redirect || window.history.length <= 1) navigate(listHrefFromSearch(username, search));
    else navigate(-1);
  };

  return (
    <div className={styles.page}>
      <title>{`${title} · Folio`}</title>
      <header className={styles.bar}>
        <Button variant="ghost" size="sm" icon={<ArrowLeft size={16} aria-hidden="true" />} onClick={close}>
          Library
        </Button>
        <NoteTitle title={title} onRename={session.rename} />
        <p className={styles.status} role="status" aria-live="polite">
          {images.uploading ? 'Uploading image...' : statusText(session.status)}
        </p>
        {item ? <NoteMailButton item={item} title={title} /> : null}
        {item ? <NoteDriveButton item={item} /> : null}
      </header>

      {session.status.kind === 'stopped' ? (
        <div className={styles.alert} role="alert">
          <TriangleAlert size={16} aria-hidden="true" />
          <span>{statusText(session.status)}</span>
          <Button size="sm" onClick={session.restart}>
            Try again
          </Button>
        </div>
      ) : null}
      {session.warning ? (
        <div className={styles.alert} role="alert">
          <TriangleAlert size={16} aria-hidden="true" />
          <span>{session.warning}</span>
          <IconButton
            label="Dismiss"
            icon={<X size={14} aria-hidden="true" />}
            onClick={session.dismissWarning}
          />
        </div>
      ) : null}
      {session.restored ? (
        <p className={styles.info}>Unsaved changes kept in this browser were restored.</p>
      ) : null}
      {images.error ? (
        <div className={styles.alert} role="alert">
          <TriangleAlert size={16} aria-hidden="true" />
          <span>{images.error}</span>
          <IconButton label="Dismiss" icon={<X size={14} aria-hidden="true" />} onClick={images.clearError} />
        </div>
      ) : null}

      <div className={styles.sheet}>
        {editor ? (
          <Toolbar
            editor={editor}
            uploading={images.uploading}
            onImages={(list) => void images.upload(imageFiles(list))}
          />
        ) : null}
        <EditorContent editor={editor} className={styles.content} />
      </div>

      <div className={styles.tags}>
        <ChipInput
          label="Tags"
          chips={session.state.tags}
          onChange={session.setTags}
          placeholder="Add a tag"
        />
      </div>
    </div>
  );
}
