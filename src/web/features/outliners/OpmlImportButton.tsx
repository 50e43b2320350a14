import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { outlinerApi, useOutlinerChanges } from '../../api/outliners.ts';
import { links } from '../../lib/links.ts';
import { Button } from '../../ui/Button.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { outlinerText } from './messages.ts';

/**
 * Import (the outliner list and an outliner's header): picks an OPML file, imports it as a new
 * outliner and opens it; a refused file answers the import error with the server's reason.
 */
export function OpmlImportButton(props: { size?: 'sm' | 'md' }) {
  const navigate = useNavigate();
  const notify = useNotify();
  const changes = useOutlinerChanges();
  const fileRef = useRef<HTMLInputElement>(null);
  const importFile = async (file: File) => {
    try {
      const made = await outlinerApi.import(file);
      await Promise.all([changes.listsChanged(), changes.countsChanged()]);
      navigate(links.outliner(made.id, made.title));
    } catch (err) {
      notify({ kind: 'error', text: outlinerText.importFailed + (err as Error).message });
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        size={props.size}
        icon={<Upload size={props.size === 'sm' ? 14 : 16} />}
        onClick={() => fileRef.current?.click()}
      >
        Import
      </Button>
      <input
        ref={fileRef}
        type="file"
        hidden
        accept=".opml,.xml,text/x-opml,application/xml,text/xml"
        aria-label="Import an OPML file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void importFile(file);
        }}
      />
    </>
  );
}
