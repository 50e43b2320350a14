import { useState } from 'react';
import { type Outliner, outlinerApi, useOutlinerChanges } from '../../api/outliners.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { useNotify } from '../../ui/notifications/NotificationProvider.tsx';
import { outlinerText } from './messages.ts';
import styles from './OutlinerPage.module.css';

/**
 * Sharing an outliner (spec part 1 §4, part 2 §4): none, then a secret link anyone can open without
 * signing in, then deactivated. The link shown is the server's absolute address.
 */
export function ShareDialog(props: { outliner: Outliner; open: boolean; onClose: () => void }) {
  const { outliner } = props;
  const notify = useNotify();
  const changes = useOutlinerChanges();
  const [link, setLink] = useState<string | null>(outliner.privacy === 2 ? outliner.share_link : null);
  const [busy, setBusy] = useState(false);

  const run = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
      await Promise.all([changes.treeChanged(outliner.id), changes.listsChanged()]);
    } catch {
      notify({ kind: 'error', text: outlinerText.shareFailed });
    } finally {
      setBusy(false);
    }
  };
  const create = () =>
    run(async () => {
      const reply = await outlinerApi.shareLink(outliner.id);
      setLink(reply.share_link);
    });
  const disable = () =>
    run(async () => {
      await outlinerApi.shareDisable(outliner.id);
      setLink(null);
    });
  const copy = () => {
    if (!link) return;
    const done = navigator.clipboard?.writeText(link) ?? Promise.reject(new Error('no clipboard'));
    done.then(
      () => notify({ kind: 'done', text: outlinerText.copied }),
      () => notify({ kind: 'error', text: outlinerText.copyFailed }),
    );
  };

  return (
    <Modal
      open={props.open}
      onOpenChange={(open) => !open && props.onClose()}
      title="Share outliner"
      size="sm"
      footer={
        <Button variant="ghost" onClick={props.onClose}>
          Close
        </Button>
      }
    >
      {link ? (
        <div className={styles.share}>
          <p>Anyone with this secret link can view the outliner, without signing in.</p>
          <div className={styles.shareRow}>
            <input
              className={styles.shareLink}
              readOnly
              value={link}
              aria-label="Secret link"
              onFocus={(e) => e.currentTarget.select()}
            />
            <Button variant="primary" size="sm" onClick={copy}>
              Copy
            </Button>
          </div>
          <Button variant="danger" size="sm" busy={busy} onClick={disable}>
            Deactivate the link
          </Button>
        </div>
      ) : (
        <div className={styles.share}>
          <p>The outliner is private. A secret link lets anyone who has it view it, without signing in.</p>
          <Button variant="primary" size="sm" busy={busy} onClick={create}>
            Create a secret link
          </Button>
        </div>
      )}
    </Modal>
  );
}
