import type { PageChangesReply } from '../../../shared/schemas/health.ts';
import { usePageChanges } from '../../api/health.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import styles from './Health.module.css';

const day = (seconds: number) => new Date(seconds * 1000).toLocaleDateString();

/** One text with the words the other lacks marked: struck out as removed, or as added. */
function Marked({ parts, kind }: { parts: PageChangesReply['saved']; kind: 'removed' | 'added' }) {
  const Tag = kind === 'removed' ? 'del' : 'ins';
  return (
    <p className={styles.text}>
      {parts.map((part, i) =>
        part.mark ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <Tag key={i} className={styles[kind]}>
            {part.text}
          </Tag>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move
          <span key={i}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/** "Changed since saved": the saved copy and the page as last checked, side by side. */
export function ChangesModal(props: {
  linkId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUpdate: () => void;
  updating: boolean;
}) {
  const changes = usePageChanges(props.linkId, props.open);
  const data = changes.data;
  return (
    <Modal
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Changed since saved"
      description={
        data
          ? `${Math.round(data.changed_ratio * 100)}% of the words differ from the copy you saved.`
          : undefined
      }
      size="lg"
      footer={
        <Button variant="primary" onClick={props.onUpdate} busy={props.updating} disabled={!data}>
          Update copy
        </Button>
      }
    >
      {changes.isPending ? (
        <StateBox role="status">
          <Spinner size={18} />
          <p>Loading...</p>
        </StateBox>
      ) : changes.isError || !data ? (
        <StateBox role="alert">
          <p>{changes.error?.message ?? 'The changes could not be loaded.'}</p>
        </StateBox>
      ) : (
        <div className={styles.sides}>
          <section className={styles.side} aria-label="Saved copy">
            <h3>Saved copy, {day(data.saved_at)}</h3>
            <Marked parts={data.saved} kind="removed" />
          </section>
          <section className={styles.side} aria-label="The page now">
            <h3>The page now, checked {day(data.checked_at)}</h3>
            <Marked parts={data.current} kind="added" />
          </section>
        </div>
      )}
    </Modal>
  );
}
