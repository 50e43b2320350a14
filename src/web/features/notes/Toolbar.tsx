import { type Editor, useEditorState } from '@tiptap/react';
import {
  Bold,
  Code,
  Heading1,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
  SquareCode,
  Underline,
} from 'lucide-react';
import { useRef } from 'react';
import { IconButton } from '../../ui/IconButton.tsx';
import styles from './Notes.module.css';
import { NOTE_IMAGE_ACCEPT } from './useNoteImages.ts';

interface Tool {
  label: string;
  shortcut: string;
  icon: LucideIcon;
  active: (e: Editor) => boolean;
  run: (e: Editor) => void;
}

const h = (level: 1 | 2 | 3): Tool => ({
  label: `Heading ${level}`,
  shortcut: `Ctrl+Alt+${level}`,
  icon: [Heading1, Heading2, Heading3][level - 1]!,
  active: (e) => e.isActive('heading', { level }),
  run: (e) => e.chain().focus().toggleHeading({ level }).run(),
});

const TOOLS: Tool[] = [
  h(1),
  h(2),
  h(3),
  {
    label: 'Bold',
    shortcut: 'Ctrl+B',
    icon: Bold,
    active: (e) => e.isActive('bold'),
    run: (e) => e.chain().focus().toggleBold().run(),
  },
  {
    label: 'Italic',
    shortcut: 'Ctrl+I',
    icon: Italic,
    active: (e) => e.isActive('italic'),
    run: (e) => e.chain().focus().toggleItalic().run(),
  },
  {
    label: 'Underline',
    shortcut: 'Ctrl+U',
    icon: Underline,
    active: (e) => e.isActive('underline'),
    run: (e) => e.chain().focus().toggleUnderline().run(),
  },
  {
    label: 'Bullet list',
    shortcut: 'Ctrl+Shift+8',
    icon: List,
    active: (e) => e.isActive('bulletList'),
    run: (e) => e.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'Numbered list',
    shortcut: 'Ctrl+Shift+7',
    icon: ListOrdered,
    active: (e) => e.isActive('orderedList'),
    run: (e) => e.chain().focus().toggleOrderedList().run(),
  },
  {
    label: 'Quote',
    shortcut: 'Ctrl+Shift+B',
    icon: Quote,
    active: (e) => e.isActive('blockquote'),
    run: (e) => e.chain().focus().toggleBlockquote().run(),
  },
  {
    label: 'Code',
    shortcut: 'Ctrl+E',
    icon: Code,
    active: (e) => e.isActive('code'),
    run: (e) => e.chain().focus().toggleCode().run(),
  },
  {
    label: 'Code block',
    shortcut: 'Ctrl+Alt+C',
    icon: SquareCode,
    active: (e) => e.isActive('codeBlock'),
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
  },
  {
    label: 'Link',
    shortcut: 'Ctrl+K',
    icon: Link2,
    active: (e) => e.isActive('link'),
    run: (e) => editLink(e),
  },
];

/** Asks for a link address for the selection; an empty answer removes the link. */
export function editLink(editor: Editor) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? 'https://';
  const href = window.prompt('Link address (http, https or mailto)', current);
  if (href === null) return;
  const chain = editor.chain().focus().extendMarkRange('link');
  if (href.trim() === '' || href.trim() === 'https://') chain.unsetLink().run();
  else if (/^(https?:|mailto:)/i.test(href.trim())) chain.setLink({ href: href.trim() }).run();
}

export function Toolbar({
  editor,
  onImages,
  uploading,
}: {
  editor: Editor;
  onImages: (files: FileList | null) => void;
  uploading: boolean;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => TOOLS.map((t) => t.active(e)),
  });
  return (
    <div className={styles.toolbar} role="toolbar" aria-label="Formatting">
      {TOOLS.map((tool, i) => (
        <IconButton
          key={tool.label}
          label={tool.label}
          title={`${tool.label} (${tool.shortcut})`}
          icon={<tool.icon size={16} aria-hidden="true" />}
          aria-pressed={active[i] ?? false}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => tool.run(editor)}
        />
      ))}
      <IconButton
        label="Insert image"
        title="Insert image (or paste / drop one)"
        icon={<ImagePlus size={16} aria-hidden="true" />}
        disabled={uploading}
        onClick={() => fileRef.current?.click()}
      />
      <input
        ref={fileRef}
        type="file"
        accept={NOTE_IMAGE_ACCEPT}
        multiple
        hidden
        data-testid="note-image-input"
        onChange={(e) => {
          onImages(e.target.files);
          e.target.value = '';
        }}
      />
    </div>
  );
}
