import { Download, FileDown } from 'lucide-react';
import type { LibraryFormatName } from '../../../shared/schemas/library-export.ts';
import {
  isExportRunning,
  libraryExportDownloadUrl,
  useLibraryExports,
  useStartLibraryExport,
} from '../../api/library-export.ts';
import { formatSize } from '../../lib/format-size.ts';
import { Button } from '../../ui/Button.tsx';
import settings from './Settings.module.css';

/** The most complete copy this server writes: the Folio backup, else the Markdown vault, else bookmarks. */
const PREFERRED: LibraryFormatName[] = ['folio', 'markdown', 'netscape'];

/**
 * Account deletion's offer of a backup first: one button makes the most complete copy this server
 * writes, and its download appears here when it is ready.
 */
export function BackupFirst() {
  const list = useLibraryExports();
  const start = useStartLibraryExport();
  const format = PREFERRED.map((name) => list.data?.formats.find((f) => f.name === name)).find(Boolean);
  if (!format) return null;
  const latest = list.data?.exports.find((e) => e.format === format.name && !e.scheduled);
  const running = latest ? isExportRunning(latest) : false;
  return (
    <div className={settings.row}>
      <p>Keep a copy before you go: a {format.label} of your whole library.</p>
      {latest?.state === 'ready' ? (
        <a href={libraryExportDownloadUrl(latest.job_id)} download>
          <Download size={16} aria-hidden="true" /> Download your {format.label} ({formatSize(latest.bytes)})
        </a>
      ) : (
        <Button
          icon={<FileDown size={16} />}
          busy={running || start.isPending}
          onClick={() => start.mutate(format.name)}
        >
          {running ? 'Making your backup...' : `Make a ${format.label}`}
        </Button>
      )}
      {start.error || latest?.state === 'failed' ? (
        <p className={settings.error} role="alert">
          {start.error?.message ?? latest?.message}
        </p>
      ) : null}
    </div>
  );
}
