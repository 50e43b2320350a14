import type { ItemReply } from '../../../shared/schemas/items.ts';
import { isSignedIn } from '../../../shared/schemas/values.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { OverQuotaModal } from '../annotations/OverQuotaModal.tsx';
import type { UploadKind } from './file-list.ts';
import { UploadLimitModal } from './UploadLimitModal.tsx';
import { UploadModal } from './UploadModal.tsx';
import { uploadGate } from './upload-gate.ts';

/**
 * Add > PDF / Image: the upload modal, or the dialog uploadGate names (Over quota, Account Limit
 * Reached) from the user info's permissions. Both upload
 * modals stay mounted so a batch keeps going (and its list stays) while the modal is closed.
 */
export function AddUpload(props: {
  kind: UploadKind | null;
  onClose: () => void;
  onAdded: (items: ItemReply[]) => void;
}) {
  const { data: info } = useUserInfo();
  if (!isSignedIn(info)) return null;
  const gate = props.kind ? uploadGate(info.permissions, props.kind) : null;
  const open = (kind: UploadKind) => props.kind === kind && gate === 'upload';
  const only = (wanted: typeof gate) => (gate === wanted ? props.kind : null);
  return (
    <>
      {(['pdf', 'image'] as const).map((kind) => (
        <UploadModal
          key={kind}
          kind={kind}
          open={open(kind)}
          onOpenChange={(o) => !o && props.onClose()}
          onAdded={props.onAdded}
        />
      ))}
      <UploadLimitModal kind={only('limitReached')} info={info} onClose={props.onClose} />
      <OverQuotaModal kind={only('overQuota')} onClose={props.onClose} />
    </>
  );
}
