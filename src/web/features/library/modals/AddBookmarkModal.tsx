import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ItemReply } from '../../../../shared/schemas/items.ts';
import { isSignedIn } from '../../../../shared/schemas/values.ts';
import { fetchMeta } from '../../../api/capture.ts';
import { fetchItem, useAddBookmark } from '../../../api/items.ts';
import { useUserInfo } from '../../../api/user-info.ts';
import { links } from '../../../lib/links.ts';
import { Button } from '../../../ui/Button.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import styles from '../Forms.module.css';
import { type BookmarkDetails, detailsFrom, EMPTY_DETAILS, normaliseUrl } from './add-bookmark.ts';
import { DetailFields } from './DetailFields.tsx';
import {
  NO_SAVE_TARGETS,
  type SaveTargets,
  SaveTargetsFields,
  saveTargetsPayload,
} from './SaveTargetsFields.tsx';

type Step = 'url' | 'fetching' | 'details';

/** The caller's bookmark of the URL, if fetch_meta found one; a failure just means "add it anew". */
async function loadExisting(linkId: number | undefined): Promise<ItemReply | null> {
  if (linkId === undefined) return null;
  try {
    return await fetchItem(linkId);
  } catch {
    return null;
  }
}

/**
 * Add bookmark (spec part 1 §4): a URL (non-empty before Next; Enter works too); Next reads the
 * page's title, description and recommended tags (POST /fetch_meta), then the details form and Add.
 * A URL already in the library opens with that item's details, and saving updates it.
 */
export function AddBookmarkModal(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAdded: (item: ItemReply, updated: boolean) => void;
  /** a page to save, e.g. from the Save to Folio bookmarklet (?add=) */
  initialUrl?: string;
}) {
  const save = useAddBookmark();
  const { data: info } = useUserInfo();
  const [url, setUrl] = useState('');
  // saved, and the same page is in the library at another address: the form says so before closing
  const [similar, setSimilar] = useState<{ link_id: number; title: string; url: string } | null>(null);
  const [step, setStep] = useState<Step>('url');
  const [details, setDetails] = useState<BookmarkDetails>(EMPTY_DETAILS);
  const [existing, setExisting] = useState<ItemReply | null>(null);
  const [targets, setTargets] = useState<SaveTargets>(NO_SAVE_TARGETS);
  const [warning, setWarning] = useState<string>();
  // a reply that arrives after Back or Close belongs to nothing any more
  const request = useRef(0);
  const { open, initialUrl } = props;
  useEffect(() => {
    if (open && initialUrl) setUrl(initialUrl);
  }, [open, initialUrl]);

  const reset = () => {
    request.current += 1;
    setUrl('');
    setStep('url');
    setWarning(undefined);
    setDetails(EMPTY_DETAILS);
    setTargets(NO_SAVE_TARGETS);
    setExisting(null);
    setSimilar(null);
    save.reset();
  };
  const close = (open: boolean) => {
    if (!open) reset();
    props.onOpenChange(open);
  };

  const next = async (event: FormEvent) => {
    event.preventDefault();
    const target = normaliseUrl(url);
    if (!target) return setWarning('Please enter the URL of the page to save.');
    setUrl(target);
    setWarning(undefined);
    setStep('fetching');
    const mine = ++request.current;
    const meta = await fetchMeta(target);
    const item = await loadExisting(meta.link_id);
    if (mine !== request.current) return;
    setExisting(item);
    setDetails(detailsFrom(meta, item));
    setStep('details');
  };

  const back = () => {
    request.current += 1;
    save.reset();
    setStep('url');
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { url, ...details, ...saveTargetsPayload(targets) },
      {
        onSuccess: (reply) => {
          props.onAdded(reply.items[0]!, existing !== null);
          if (reply.similar) setSimilar(reply.similar);
          else close(false);
        },
      },
    );
  };

  const owner = isSignedIn(info) ? info.name : '';
  return (
    <Modal open={props.open} onOpenChange={close} title="Add bookmark" size="md">
      {similar ? (
        <div className={styles.form}>
          <p className={styles.formNotice} role="status" data-testid="similar-item">
            Saved. A similar item is already in your library:{' '}
            <Link to={links.item(owner, similar.link_id)} onClick={() => close(false)}>
              {similar.title || similar.url}
            </Link>
            .{' '}
            <Link to={links.duplicates()} onClick={() => close(false)}>
              Duplicates
            </Link>{' '}
            can merge them.
          </p>
          <div className={styles.formButtons}>
            <Button variant="primary" onClick={() => close(false)} autoFocus>
              Done
            </Button>
          </div>
        </div>
      ) : step !== 'details' ? (
        <form onSubmit={next} className={styles.form} aria-busy={step === 'fetching'}>
          <TextField
            label="URL"
            value={url}
            placeholder="https://"
            onChange={(e) => setUrl(e.target.value)}
            warning={warning}
            readOnly={step === 'fetching'}
            autoFocus
          />
          {step === 'fetching' ? (
            <p className={styles.formStatus} role="status">
              <Spinner size={14} /> Reading the page…
            </p>
          ) : null}
          <div className={styles.formButtons}>
            {step === 'fetching' ? (
              <Button variant="ghost" onClick={back}>
                Cancel
              </Button>
            ) : null}
            <Button variant="primary" type="submit" disabled={!url.trim()} busy={step === 'fetching'}>
              Next
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={add} className={styles.form}>
          <p className={styles.formUrl}>{url}</p>
          {existing ? (
            <p className={styles.formNotice} role="status">
              This page is already in your library. Saving it again updates that bookmark.
            </p>
          ) : null}
          <TextField
            label="Title"
            value={details.title}
            onChange={(e) => setDetails({ ...details, title: e.target.value })}
            // after Next the focus would stay on the dialog: the details start at the title
            autoFocus
          />
          <DetailFields value={details} onChange={setDetails} unreadLabel="Read later (unread)" showPrivate />
          <SaveTargetsFields value={targets} onChange={setTargets} />
          {save.error ? (
            <p className={styles.formError} role="alert">
              {save.error.message}
            </p>
          ) : null}
          <div className={styles.formButtons}>
            <Button variant="ghost" onClick={back}>
              Back
            </Button>
            <Button variant="primary" type="submit" busy={save.isPending}>
              {existing ? 'Update' : 'Add'}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
