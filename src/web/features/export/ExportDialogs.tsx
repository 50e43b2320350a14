import { lazy, Suspense } from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { useGoogleDriveReturn } from './google-drive-return.ts';

// the report's editor (TipTap) is large: both dialogs load when first opened
const ExportModal = lazy(() => import('./ExportModal.tsx').then((m) => ({ default: m.ExportModal })));
const ReportModal = lazy(() => import('./ReportModal.tsx').then((m) => ({ default: m.ReportModal })));

/** The Export and Generate Report dialogs item actions open (library and item pages). */
export function ExportDialogs({
  actions,
}: {
  actions: {
    exporting: ItemReply[];
    closeExport: () => void;
    reporting: ItemReply[];
    closeReport: () => void;
  };
}) {
  useGoogleDriveReturn();
  return (
    <Suspense fallback={null}>
      {actions.exporting.length ? (
        <ExportModal items={actions.exporting} onClose={actions.closeExport} />
      ) : null}
      {actions.reporting.length ? (
        <ReportModal items={actions.reporting} onClose={actions.closeReport} />
      ) : null}
    </Suspense>
  );
}
