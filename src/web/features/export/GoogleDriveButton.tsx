import { UploadCloud } from 'lucide-react';
import type { GoogleDriveStatusReply } from '../../../shared/schemas/drives.ts';
import { Button } from '../../ui/Button.tsx';
import { exportText } from './messages.ts';

/**
 * The Export and Generate Report dialogs' Google Drive button: '{label} (not configured)', disabled
 * and saying why, when the server has no Google OAuth client; otherwise it sends.
 */
export function GoogleDriveButton(props: {
  label: string;
  status: GoogleDriveStatusReply | undefined;
  disabled: boolean;
  title?: string | undefined;
  onClick: () => void;
}) {
  if (props.status && !props.status.configured) {
    return (
      <Button
        icon={<UploadCloud size={14} />}
        disabled
        title={exportText.driveNotConfigured}
        aria-description={exportText.driveNotConfigured}
      >
        {props.label} (not configured)
      </Button>
    );
  }
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
