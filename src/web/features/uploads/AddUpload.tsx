import type { ItemReply } from '../../../shared/schemas/items.ts';
import { isSignedIn } from '../../../shared/schemas/user-info.ts';
import { useUserInfo } from '../../api/user-info.ts';
import { AccountLimitModal } from './AccountLimitModal.tsx';
import type { UploadKind } from './file-list.ts';
import { UploadModal } from './UploadModal.tsx';

/**
 * Add > PDF / Image: the upload modal, or Account Limit Reached when the user info says the plan
 * allows no more of that kind (permissions.pdf / permissions.image absent or false). Both upload
 * modals stay mounted so a batch keeps going (and its list stays) while the modal is closed.
 */
export function AddUpload(props: {
  kind: UploadKind | null;
  onClose: () => void;
  onAdded: (items: ItemReply[]) => void;
}) {
  const { data: info } = useUserInfo();
  if (!isSignedIn(info)) return null;
  const allowed = (kind: UploadKind) => Boolean(info.permissions?.[kind]);
  const open = (kind: UploadKind) => props.kind === kind && allowed(kind);
  const blocked = props.kind !== null && !allowed(props.kind) ? props.kind : null;
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
      <AccountLimitModal kind={blocked} info={info} onClose={props.onClose} />
    </>
  );
}
