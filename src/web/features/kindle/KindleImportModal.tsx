import { CircleCheck, FileText, Upload } from 'lucide-react';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { KINDLE_CLIPPINGS_MAX_BYTES } from '../../../shared/limits.ts';
import { useImportKindle } from '../../api/kindle.ts';
import { formatSize } from '../../lib/format-size.ts';
import { Button, buttonClass } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import styles from './Kindle.module.css';
import { CLIPPINGS_FILE_NAME, clippingsFileError, importResultText, kindleText } from './kindle.ts';

type Step =
  | { at: 'choose'; file: File | null; error: string | null }
  | { at: 'uploading'; file: File; progress: number }
  | { at: 'done'; text: string; added: boolean };

const START: Step = { at: 'choose', file: null, error: null };

/**
 * 'Import Kindle highlights': choose or drop 'My Clippings.txt', upload it with a progress bar and
 * say what it added. Importing the same file again adds nothing, and says so.
 */
export function KindleImportModal(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the library filtered to Kindle books, offered once something was imported */
  kindleHref?: string;
}) {
  const upload = useImportKindle();
  const [step, setStep] = useState<Step>(START);
  const [dragging, setDragging] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const inputId = useId();

  useEffect(() => () => abort.current?.abort(), []);

  const close = (open: boolean) => {
    if (!open) {
      abort.current?.abort();
      setStep(START);
      setDragging(false);
    }
    props.onOpenChange(open);
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    setStep({ at: 'choose', file, error: clippingsFileError(file, KINDLE_CLIPPINGS_MAX_BYTES) });
  };

  const start = (file: File) => {
    const controller = new AbortController();
    abort.current = controller;
    setStep({ at: 'uploading', file, progress: 0 });
    upload.mutate(
      {
        file,
        signal: controller.signal,
        onProgress: (progress) => setStep((s) => (s.at === 'uploading' ? { ...s, progress } : s)),
      },
      {
        onSuccess: (result) => {
          const added = result.items + result.highlights > 0;
          setStep({ at: 'done', text: importResultText(result), added });
        },
        onError: (error) => {
          if (controller.signal.aborted) return;
          setStep({ at: 'choose', file, error: error.message });
        },
      },
    );
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (step.at !== 'uploading') choose(event.dataTransfer.files[0]);
  };

  const footer =
    step.at === 'done' ? (
      <>
        <Button variant="ghost" onClick={() => setStep(START)}>
          Import another file
        </Button>
        {step.added && props.kindleHref ? (
          <Link to={props.kindleHref} className={buttonClass('secondary')} onClick={() => close(false)}>
            Show Kindle books
          </Link>
        ) : null}
        <Button variant="primary" onClick={() => close(false)}>
          Done
        </Button>
      </>
    ) : (
      <>
        <Button variant="ghost" onClick={() => close(false)}>
          Cancel
        </Button>
        <Button
          variant="primary"
          icon={<Upload size={16} />}
          busy={step.at === 'uploading'}
          disabled={step.at === 'choose' && (!step.file || step.error !== null)}
          onClick={() => step.at === 'choose' && step.file && start(step.file)}
        >
          Import
        </Button>
      </>
    );

  return (
    <Modal open={props.open} onOpenChange={close} title={kindleText.title} size="md" footer={footer}>
      {step.at === 'done' ? (
        <div className={styles.result} role="status">
          <CircleCheck size={22} aria-hidden="true" />
          <p>{step.text}</p>
        </div>
      ) : (
        <div className={styles.importBody}>
          <p className={styles.hint}>
            Connect your Kindle by USB and pick <strong>documents/{CLIPPINGS_FILE_NAME}</strong>. Every book
            becomes a Kindle item with its highlights and notes; ones you imported before are skipped.
          </p>
          {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the file input inside is the keyboard path */}
          <div
            className={`${styles.dropZone} ${dragging ? styles.dropZoneActive : ''}`}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <FileText size={26} aria-hidden="true" />
            {step.file ? (
              <p className={styles.fileName}>
                {step.file.name} <span>({formatSize(step.file.size, 0)})</span>
              </p>
            ) : (
              <p>Drop the file here, or</p>
            )}
            <label htmlFor={inputId} className={styles.chooseButton}>
              {step.file ? 'Choose another file' : 'Choose file'}
            </label>
            <input
              id={inputId}
              type="file"
              accept=".txt,text/plain"
              className={styles.fileInput}
              aria-label="Clippings file"
              disabled={step.at === 'uploading'}
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </div>
          {step.at === 'uploading' ? (
            <div className={styles.progress}>
              <progress max={100} value={Math.round(step.progress * 100)} aria-label="Upload progress" />
              <span>
                {step.progress < 1 ? `${Math.round(step.progress * 100)}%` : 'Reading highlights...'}
              </span>
            </div>
          ) : null}
          {step.at === 'choose' && step.error ? (
            <p className={styles.error} role="alert">
              {step.error}
            </p>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
