import { Upload } from 'lucide-react';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import type { ItemReply } from '../../../shared/schemas/items.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import formStyles from '../library/Forms.module.css';
import { DetailFields } from '../library/modals/DetailFields.tsx';
import { FileRows } from './FileRows.tsx';
import { canUpload, hasFailures, type UploadKind } from './file-list.ts';
import styles from './Uploads.module.css';
import { useUploadBatch } from './useUploadBatch.ts';

/** The PDF modal closes this long after a batch that fully succeeded (spec part 1 §4). */
export const PDF_CLOSE_DELAY_MS = 500;

const COPY: Record<UploadKind, { title: string; accept: string; choose: string; hint: string }> = {
  pdf: {
    title: 'Upload PDF',
    accept: 'application/pdf,.pdf',
    choose: 'Choose PDF files',
    hint: 'Drop PDF files here (up to 64 MB each), or',
  },
  image: {
    title: 'Upload Image',
    accept: '.jpg,.jpeg,.png,.gif,.bmp,image/jpeg,image/png,image/gif,image/bmp',
    choose: 'Choose images',
    hint: 'Drop images here (jpg, png, gif or bmp), or',
  },
};

interface BatchDetails {
  tags: string;
  description: string;
  unread: boolean;
  private: boolean;
}
const NO_DETAILS: BatchDetails = { tags: '', description: '', unread: false, private: true };

/**
 * Upload PDFs or images (spec part 1 §3-§5): choose or drop many files, see each one's check and
 * progress, one set of tags, description and flags for the whole batch. The list survives closing
 * while a batch is still sending, so reopening shows how it went.
 */
export function UploadModal(props: {
  kind: UploadKind;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (items: ItemReply[]) => void;
}) {
  const { kind } = props;
  const copy = COPY[kind];
  const batch = useUploadBatch(kind);
  const [details, setDetails] = useState<BatchDetails>(NO_DETAILS);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const isOpen = useRef(props.open);
  isOpen.current = props.open;
  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const close = (open: boolean) => {
    if (open) return props.onOpenChange(true);
    if (!batch.running) {
      batch.clear();
      setDetails(NO_DETAILS);
    }
    props.onOpenChange(false);
  };

  const fields = () => ({ ...details, lists: '', groups: '' });
  const finish = (result: { items: ItemReply[]; failed: number }) => {
    if (result.items.length > 0) props.onAdded(result.items);
    if (kind === 'pdf' && result.failed === 0) {
      closeTimer.current = setTimeout(() => {
        if (isOpen.current) close(false);
        else batch.clear();
      }, PDF_CLOSE_DELAY_MS);
    }
  };
  const upload = () => batch.run(fields()).then(finish);
  const retry = () => batch.retryFailed(fields()).then(finish);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    batch.add([...event.dataTransfer.files]);
  };
  const failures = hasFailures(batch.entries);

  return (
    <Modal
      open={props.open}
      onOpenChange={close}
      title={copy.title}
      size="md"
      footer={
        <div className={styles.footer}>
          <Button variant="ghost" onClick={() => close(false)}>
            {batch.entries.some((e) => e.uploadStatus === 2) ? 'Close' : 'Cancel'}
          </Button>
          {failures ? (
            <Button onClick={retry} disabled={batch.running}>
              Retry failed
            </Button>
          ) : null}
          <Button
            variant="primary"
            icon={<Upload size={16} />}
            onClick={upload}
            busy={batch.running}
            disabled={!canUpload(batch.entries)}
          >
            Upload
          </Button>
        </div>
      }
    >
      <div className={formStyles.form}>
        {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the button beside it is the keyboard way in */}
        <div
          className={[styles.drop, dragging ? styles.dropActive : ''].join(' ')}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <Upload size={22} aria-hidden="true" />
          <p className={styles.dropHint}>{copy.hint}</p>
          <Button size="sm" onClick={() => input.current?.click()}>
            {copy.choose}
          </Button>
          <input
            ref={input}
            type="file"
            multiple
            accept={copy.accept}
            aria-label={copy.choose}
            className="visually-hidden"
            tabIndex={-1}
            onChange={(event) => {
              batch.add([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
        </div>
        <FileRows entries={batch.entries} onRemove={batch.remove} />
        <DetailFields value={details} onChange={setDetails} unreadLabel="Read later (unread)" showPrivate />
      </div>
    </Modal>
  );
}
