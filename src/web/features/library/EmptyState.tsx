import { Inbox, SearchX, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { StateBox } from '../../ui/StateBox.tsx';
import type { EmptyKind } from './empty-kind.ts';
import styles from './Library.module.css';
import { libraryText } from './messages.ts';

export function EmptyState(props: {
  kind: EmptyKind;
  isOwner: boolean;
  bookmarksHref: string;
  onAdd: () => void;
  /** the kindle empty state's import link */
  onImportKindle: () => void;
}) {
  const { kind, isOwner } = props;
  const text = {
    search: libraryText.emptySearch,
    unread: libraryText.emptyUnread,
    kindle: 'No Kindle highlights yet.',
    default: libraryText.emptyDefault,
    items: libraryText.emptyItems,
  }[kind];
  return (
    <StateBox>
      {kind === 'search' ? <SearchX size={28} aria-hidden="true" /> : <Inbox size={28} aria-hidden="true" />}
      <p className={styles.emptyText}>{text}</p>
      {kind === 'unread' ? <Link to={props.bookmarksHref}>Go to your bookmarks</Link> : null}
      {kind === 'kindle' && isOwner ? (
        <Button variant="primary" onClick={props.onImportKindle}>
          Import Kindle highlights
        </Button>
      ) : null}
      {isOwner && (kind === 'default' || kind === 'items') ? (
        <Button variant="primary" onClick={props.onAdd}>
          Add a bookmark
        </Button>
      ) : null}
    </StateBox>
  );
}

export function LoadError(props: { premiumOnly: boolean; onRetry: () => void }) {
  return (
    <StateBox role="alert">
      <TriangleAlert size={28} aria-hidden="true" />
      {props.premiumOnly ? (
        <>
          <p className={styles.emptyText}>{libraryText.fulltextPremium}</p>
          <Link to="/premium?f=fulltext">See premium plans</Link>
        </>
      ) : (
        <>
          <p className={styles.emptyText}>{libraryText.loadFailed}</p>
          <Button onClick={props.onRetry}>Retry</Button>
        </>
      )}
    </StateBox>
  );
}
