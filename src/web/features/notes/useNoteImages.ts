import { NodeSelection } from '@tiptap/pm/state';
import type { Editor } from '@tiptap/react';
import { useCallback, useRef, useState } from 'react';
import { uploadNoteImage } from '../../api/notes.ts';

/** The picture types a note accepts (others are ignored, as the spec's upload does). */
export const NOTE_IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,image/bmp';
const ACCEPTED = new Set(NOTE_IMAGE_ACCEPT.split(','));

export function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((f) => ACCEPTED.has(f.type));
}

/** Uploads pasted, dropped or picked pictures one by one and inserts them; autosave waits meanwhile. */
export function useNoteImages(pauseAutosave: () => () => void) {
  const [uploading, setUploading] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const editorRef = useRef<Editor | null>(null);

  const upload = useCallback(
    async (files: File[], at?: number) => {
      const editor = editorRef.current;
      if (!editor || files.length === 0) return;
      setError(null);
      const resume = pauseAutosave();
      setUploading((n) => n + 1);
      try {
        let pos = at;
        for (const file of files) {
          const src = await uploadNoteImage(file);
          if (editor.isDestroyed) return;
          const image = { type: 'image', attrs: { src, alt: file.name } };
          const { selection } = editor.state;
          // a selected picture (the one just inserted) is kept: the next goes after it
          const after = selection instanceof NodeSelection ? selection.to : undefined;
          const target = pos ?? after;
          if (target !== undefined) editor.chain().focus().insertContentAt(target, image).run();
          else editor.chain().focus().setImage(image.attrs).run();
          pos = undefined;
        }
      } catch (err) {
        setError(err instanceof Error ? err.message : String(err));
      } finally {
        setUploading((n) => n - 1);
        resume();
      }
    },
    [pauseAutosave],
  );

  return { editorRef, upload, uploading: uploading > 0, error, clearError: () => setError(null) };
}
