import type { Permissions } from '../../../shared/schemas/user-info.ts';
import type { UploadKind } from './file-list.ts';

/**
 * What Add > PDF / Image opens (spec part 1 §4): the Over quota dialog when the used count already
 * exceeds a non-null quota (e.g. after a downgrade), Account Limit Reached when the plan allows no
 * more of that kind, otherwise the upload modal.
 */
export function uploadGate(p: Permissions, kind: UploadKind): 'upload' | 'overQuota' | 'limitReached' {
  const [quota, used] =
    kind === 'pdf'
      ? [p.pdfPermission.pdfQuota, p.pdfPermission.pdfUsedCount]
      : [p.imagePermission.imageQuota, p.imagePermission.imageUsedCount];
  if (quota !== null && used > quota) return 'overQuota';
  return p[kind] ? 'upload' : 'limitReached';
}
