import { UploadCloud } from 'lucide-react';
import type { GoogleDriveStatusReply } from '../../../shared/schemas/drives.ts';
import { Button } from '../../ui/Button.tsx';

/**
 * The Export and Generate Report dialogs' Google Drive button, shown only once the server says it
 * has a Google OAuth client: a destination the operator has not set up is not offered at all.
 */
export function GoogleDriveButton(props: {
  label: string;
  status: GoogleDriveStatusReply | undefined;
  disabled: boolean;
  title?: string | undefined;
  onClick: () => void;
}) {
  if (!props.status?.configured) return null;
  return (
    <Button
      icon={<UploadCloud size={14} />}
      disabled={props.disabled}
      title={props.title}
      onClick={props.onClick}
    >
      {props.label}
    </Button>
  );
}
