import type { ItemReply } from '../../../shared/schemas/items.ts';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { fileUrl } from './preview.ts';

export const COPY_TEXT = {
  copied: 'Copied to clipboard!',
  failed: 'Copy failed, please select the text and use ctrl+c to copy.',
} as const;

/** The address shared for an image: its permanent link, else the file itself. */
export function shareUrl(item: ItemReply, origin: string): string {
  const path = item.permanent_url || fileUrl(item);
  return new URL(path, origin).href;
}

/** Share as a copied link, with the spec's notifications (part 1 §8). */
export function useCopyLink() {
  const notify = useNotify();
  return (item: ItemReply) => {
    const url = shareUrl(item, window.location.origin);
    const copy = navigator.clipboard?.writeText(url) ?? Promise.reject(new Error('no clipboard'));
    copy.then(
      () => notify({ kind: 'done', text: COPY_TEXT.copied }),
      () => notify({ kind: 'error', text: `${COPY_TEXT.failed} ${url}` }),
    );
  };
}
