import { AlertTriangle, Archive, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { PLANS } from '../../../shared/plans.ts';
import type { ReaderReply } from '../../../shared/schemas/capture.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import styles from './Reader.module.css';

export const readerText = {
  pending: 'Saving a copy of this page…',
  failed: 'The copy of this page could not be saved.',
  quota: (quota: number) =>
    `Your free plan keeps copies of up to ${quota} pages, and they are all used, so this page was not saved.`,
  none: 'There is no saved copy of this page.',
  empty: 'The saved copy of this page has no readable text.',
} as const;

/** What stands in for the article while there is none: saving, failed, over quota, or never saved. */
export function CaptureState(props: {
  reader: ReaderReply;
  url: string;
  canEdit: boolean;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { reader, url, canEdit } = props;
  const original = url ? (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow" className={styles.stateLink}>
      Open the original page
    </a>
  ) : null;

  if (reader.status === 'pending') {
    return (
      <StateBox role="status">
        <Spinner size={18} />
        <p>{readerText.pending}</p>
        {original}
      </StateBox>
    );
  }
  if (reader.status === 'failed' && canEdit) {
    return (
      <StateBox tone="error" role="alert">
        <AlertTriangle size={20} aria-hidden="true" />
        <p>{readerText.failed}</p>
        {reader.error ? <p className={styles.stateDetail}>{reader.error}</p> : null}
        <div className={styles.stateActions}>
          <Button variant="primary" size="sm" onClick={props.onRetry} busy={props.retrying}>
            Try again
          </Button>
          {original}
        </div>
      </StateBox>
    );
  }
  if (reader.status === 'quota' && canEdit) {
    return (
      <StateBox>
        <Sparkles size={20} aria-hidden="true" />
        <p>{readerText.quota(PLANS.free.quotas.cachedPages ?? 0)}</p>
        <div className={styles.stateActions}>
          <Link to="/premium" className={styles.stateLink}>
            Go premium
          </Link>
          {original}
        </div>
      </StateBox>
    );
  }
  const neverSaved = reader.status === 'none' && canEdit;
  return (
    <StateBox>
      <Archive size={20} aria-hidden="true" />
      <p>{reader.status === 'done' ? readerText.empty : readerText.none}</p>
      <div className={styles.stateActions}>
        {neverSaved ? (
          <Button size="sm" onClick={props.onRetry} busy={props.retrying}>
            Save a copy
          </Button>
        ) : null}
        {original}
      </div>
    </StateBox>
  );
}
