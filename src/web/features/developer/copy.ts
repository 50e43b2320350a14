import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { COPY_TEXT } from '../images/useCopyLink.ts';

/** Copies text to the clipboard with the usual notifications; a refused clipboard says to copy by hand. */
export function useCopyText() {
  const notify = useNotify();
  return (text: string) => {
    const copy = navigator.clipboard?.writeText(text) ?? Promise.reject(new Error('no clipboard'));
    copy.then(
      () => notify({ kind: 'done', text: COPY_TEXT.copied }),
      () => notify({ kind: 'error', text: COPY_TEXT.failed }),
    );
  };
}
