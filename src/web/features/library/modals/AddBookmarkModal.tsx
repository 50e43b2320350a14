import { type FormEvent, useState } from 'react';
import type { ItemReply } from '../../../../shared/schemas/items.ts';
import { useSaveBookmark } from '../../../api/items.ts';
import { Button } from '../../../ui/Button.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import styles from '../Forms.module.css';
import { DetailFields } from './DetailFields.tsx';

interface Details {
  title: string;
  tags: string;
  description: string;
  unread: boolean;
  private: boolean;
}

/**
 * Add bookmark (spec part 1 §4): a URL first (non-empty before Next; Enter works too), then the
 * details form. Metadata fetching arrives with page capture: until then the title is the URL.
 */
export function AddBookmarkModal(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (item: ItemReply) => void;
}) {
  const save = useSaveBookmark();
  const [url, setUrl] = useState('');
  const [step, setStep] = useState<'url' | 'details'>('url');
  const [details, setDetails] = useState<Details>({
    title: '',
    tags: '',
    description: '',
    unread: false,
    private: false,
  });
  const [warning, setWarning] = useState<string>();

  const reset = () => {
    setUrl('');
    setStep('url');
    setWarning(undefined);
    setDetails({ title: '', tags: '', description: '', unread: false, private: false });
    save.reset();
  };
  const close = (open: boolean) => {
    if (!open) reset();
    props.onOpenChange(open);
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = url.trim();
    if (!trimmed) return setWarning('Please enter the URL of the page to save.');
    const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`;
    setUrl(withScheme);
    setDetails((d) => ({ ...d, title: d.title || withScheme }));
    setWarning(undefined);
    setStep('details');
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { url, ...details },
      {
        onSuccess: (item) => {
          props.onAdded(item);
          close(false);
        },
      },
    );
  };

  return (
    <Modal open={props.open} onOpenChange={close} title="Add bookmark" size="md">
      {step === 'url' ? (
        <form onSubmit={next} className={styles.form}>
          <TextField
            label="URL"
            value={url}
            placeholder="https://"
            onChange={(e) => setUrl(e.target.value)}
            warning={warning}
            autoFocus
          />
          <div className={styles.formButtons}>
            <Button variant="primary" type="submit" disabled={!url.trim()}>
              Next
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={add} className={styles.form}>
          <p className={styles.formUrl}>{url}</p>
          <TextField
            label="Title"
            value={details.title}
            onChange={(e) => setDetails({ ...details, title: e.target.value })}
          />
          <DetailFields value={details} onChange={setDetails} unreadLabel="Read later (unread)" showPrivate />
          {save.error ? (
            <p className={styles.formError} role="alert">
              {save.error.message}
            </p>
          ) : null}
          <div className={styles.formButtons}>
            <Button variant="ghost" onClick={() => setStep('url')}>
              Back
            </Button>
            <Button variant="primary" type="submit" busy={save.isPending}>
              Add
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
